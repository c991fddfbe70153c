import { type Catalogue } from '../../engine';

/** How a graph-boundary node names the port of its enclosing subgraph node. */
export interface GraphBoundary {
  readonly direction: 'in' | 'out';
  /** The config key that holds the port name. */
  readonly nameKey: string;
  /** The port name when the key is unset. */
  readonly defaultName: string;
}

/** The IDE's graph-boundary templates by id, as its graph-io templates define them. */
export const IDE_BOUNDARIES: Readonly<Record<'graph_input' | 'graph_output', GraphBoundary>> = {
  graph_input: { direction: 'in', nameKey: 'inputName', defaultName: 'input' },
  graph_output: { direction: 'out', nameKey: 'outputName', defaultName: 'output' },
};

/** How a template's nodes name their subgraph port: the catalogue actor's declaration, else the IDE's; undefined for other templates. */
export function graphBoundaryOf(templateId: string, catalogue: Catalogue): GraphBoundary | undefined {
  return catalogue.get(templateId)?.graphPort ?? (templateId in IDE_BOUNDARIES ? IDE_BOUNDARIES[templateId as keyof typeof IDE_BOUNDARIES] : undefined);
}

/** The subgraph port name a boundary node's config gives. */
export function boundaryName(boundary: GraphBoundary, config: Readonly<Record<string, unknown>>): string {
  const value = config[boundary.nameKey];
  return typeof value === 'string' && value !== '' ? value : boundary.defaultName;
}
