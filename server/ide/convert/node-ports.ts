import { type Catalogue } from '../../engine';
import { type DeclaredPort, type IdeNode, type PortDirection } from './ide-graph';
import { type ResolvedTemplate } from './resolve-template';
import { templateTableOf } from './templates';

/** How a port may be used by connections: as an input, an output, or either (a proxy node's `proxy` port). */
type PortUse = PortDirection | 'either';

/** The ports of one node, for checking and rewriting the ends of its connections. */
export interface NodePorts {
  /** Each port by the id the converted graph uses; undefined when nothing declares the node's ports. */
  readonly uses?: ReadonlyMap<string, PortUse>;
  /** The id the converted graph uses for a port id as a connection writes it. */
  canonical(portId: string): string;
}

/** Older port ids of the database pool templates, read as the current `pool-id`. */
const POOL_ALIASES: Readonly<Record<string, string>> = { 'pool-out': 'pool-id', 'pool-in': 'pool-id' };

/** The ports the MCP helper gives its boundary nodes, read as the `data` port of graph_input/graph_output. */
const BOUNDARY_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'subgraph-input': { output: 'data' },
  'subgraph-output': { input: 'data' },
};

const PROXY_TEMPLATE_IDS: ReadonlySet<string> = new Set(['proxy_input', 'proxy_output']);

/**
 * The ports of a node: the ones it declares (`metadata.ports`, else `metadata.inputs/outputs`), else its
 * template's, else those of the catalogue's actor; unknown when none of them says.
 */
export function nodePorts(node: IdeNode, template: ResolvedTemplate | undefined, catalogue: Catalogue): NodePorts {
  const aliases = { ...POOL_ALIASES, ...(template === undefined ? {} : BOUNDARY_ALIASES[template.givenAs]) };
  const canonical = (portId: string) => aliases[portId] ?? portId;
  const declared = node.ports ?? (template === undefined ? undefined : templatePorts(template.templateId, catalogue));
  if (declared === undefined) return { canonical };
  const uses = new Map<string, PortUse>();
  for (const port of declared) {
    const id = canonical(port.id);
    const previous = uses.get(id);
    uses.set(id, previous !== undefined && previous !== port.direction ? 'either' : port.direction);
  }
  if (template !== undefined && PROXY_TEMPLATE_IDS.has(template.templateId) && uses.has('proxy')) uses.set('proxy', 'either');
  return { uses, canonical };
}

function templatePorts(templateId: string, catalogue: Catalogue): DeclaredPort[] | undefined {
  const ide = templateTableOf(catalogue).find(templateId);
  if (ide !== undefined) {
    return [...ide.inputs.map((id) => ({ id, direction: 'input' as const })), ...ide.outputs.map((id) => ({ id, direction: 'output' as const }))];
  }
  const actor = catalogue.get(templateId);
  if (actor === undefined) return undefined;
  return [
    ...Object.keys(actor.inports).map((id) => ({ id, direction: 'input' as const })),
    ...Object.keys(actor.outports).map((id) => ({ id, direction: 'output' as const })),
  ];
}

/** The ids of a node's ports used in one direction (ports usable either way included), in declaration order. */
export function portIdsOf(ports: NodePorts, direction: PortDirection): string[] {
  return [...(ports.uses ?? new Map<string, PortUse>())].filter(([, use]) => use === direction || use === 'either').map(([id]) => id);
}
