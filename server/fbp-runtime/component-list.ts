import { type AnyActorDefinition, type Catalogue, type InPortSpec, type OutPortSpec } from '../engine';
import { portTypingOf } from '../actors';
import { ideFactsOf } from '../ide';
import { type JsonObject } from '../../model';
import { portSpecOf } from './port-spec';
import { type ProtocolGraph } from './protocol-graph';
import { type FbpMessage } from './protocol-message';

// Font Awesome icons (the set FBP tools draw) by the IDE's node type of an actor.
const ICONS: Readonly<Record<string, string>> = {
  math: 'calculator',
  'number-input': 'sign-in',
  'range-input': 'sliders',
  'text-input': 'i-cursor',
  'graph-io': 'plug',
  condition: 'code-fork',
  control: 'random',
  datetime: 'clock-o',
  script: 'code',
  http: 'globe',
  graphql: 'globe',
  rpc: 'globe',
  transformer: 'exchange',
  parser: 'file-text-o',
  reader: 'table',
  text: 'font',
};

/** A graph that is a component, with the name nodes use for it. */
export interface NamedGraph {
  name: string;
  graph: ProtocolGraph;
}

/** The answer to `component:list`: one `component:component` per catalogue actor and graph component, then `componentsready` with their count. */
export function componentMessages(catalogue: Catalogue, graphs: readonly NamedGraph[]): FbpMessage[] {
  const components = [
    ...catalogue.list().map((definition): FbpMessage => ({ protocol: 'component', command: 'component', payload: componentPayload(definition) })),
    ...graphs.map(({ name, graph }): FbpMessage => ({ protocol: 'component', command: 'component', payload: graphComponentPayload(name, graph, catalogue) })),
  ];
  return [...components, { protocol: 'component', command: 'componentsready', payload: components.length }];
}

/** The `component:component` payload of a catalogue actor. */
export function componentPayload(definition: AnyActorDefinition): JsonObject {
  const description = definition.description ?? definition.title;
  return {
    name: definition.id,
    ...(description === undefined ? {} : { description }),
    icon: ICONS[(ideFactsOf(definition.id) ?? definition.ide)?.type ?? ''] ?? (definition.id.startsWith('core/') ? 'cog' : 'cube'),
    subgraph: false,
    inPorts: Object.entries(definition.inports).map(([id, spec]) => portPayload(id, spec)),
    outPorts: Object.entries(definition.outports).map(([id, spec]) => portPayload(id, spec)),
  };
}

/** The `component:component` payload of a graph component: its exported ports, typed as the ports behind them. */
export function graphComponentPayload(name: string, graph: ProtocolGraph, catalogue: Catalogue): JsonObject {
  const { description, icon } = graph.info;
  return {
    name,
    ...(typeof description === 'string' && description !== '' ? { description } : {}),
    icon: typeof icon === 'string' && icon !== '' ? icon : 'sitemap',
    subgraph: true,
    inPorts: exportedPortPayloads(graph, 'inport', catalogue),
    outPorts: exportedPortPayloads(graph, 'outport', catalogue),
  };
}

/** The port definitions of a graph's exported ports, as `runtime:ports` and `component:component` write them. */
export function exportedPortPayloads(graph: ProtocolGraph, side: 'inport' | 'outport', catalogue: Catalogue): JsonObject[] {
  return graph.exportedPorts(side).map(({ name, node, port, metadata }) => {
    const spec = portSpecOf(catalogue.get(graph.componentOf(node) ?? ''), side, port) ?? {};
    const described = typeof metadata?.description === 'string' ? { ...spec, description: metadata.description } : spec;
    return portPayload(name, described);
  });
}

function portPayload(id: string, spec: InPortSpec | OutPortSpec): JsonObject {
  const { type, addressable, schema } = portTypingOf(spec);
  return {
    id,
    type,
    // The protocol gives a port's schema as a URI: the JSON Schema travels within one, as a data URI.
    ...(schema === undefined ? {} : { schema: `data:application/schema+json,${encodeURIComponent(JSON.stringify(schema))}` }),
    required: 'required' in spec ? (spec.required ?? false) : false,
    addressable,
    ...(spec.description === undefined ? {} : { description: spec.description }),
  };
}
