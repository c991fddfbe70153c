import { jsonSchemaOf } from '../actor-config';
import { type AnyActorDefinition, readFbpText } from '../engine';
import { type GraphEndpointJson, type GraphJson, GraphJsonSchema, type JsonObject, isJsonObject } from '../../model';
import { GraphCommandError } from './graph-command-error';
import { type ProtocolGraph, type ProtocolPort } from './protocol-graph';

/** The language of an actor's source: its definition as JSON, the configuration as JSON Schema; read-only. */
const ACTOR_SOURCE_LANGUAGE = 'actor+json';

/** A component name split as the protocol's `source` messages carry it: no library prefix in `name`. */
function splitName(fullName: string): { name: string; library?: string } {
  const slash = fullName.indexOf('/');
  return slash === -1 ? { name: fullName } : { library: fullName.slice(0, slash), name: fullName.slice(slash + 1) };
}

/** The `component:source` payload of a graph: its FBP JSON, as NoFlo runtimes send a graph component's. */
export function graphSource(componentName: string, graph: ProtocolGraph): JsonObject {
  const { name, library } = splitName(componentName);
  return { name, library: library ?? '', language: 'json', code: JSON.stringify(graph.toGraphJson(), null, 2) };
}

/**
 * The `component:source` payload of a catalogue actor: what it is (ports, effects) and the JSON Schema of its
 * configuration. The actor is code of the service, so the source describes it and cannot be sent back changed.
 */
export function actorSource(definition: AnyActorDefinition): JsonObject {
  const { name, library } = splitName(definition.id);
  const ports = (specs: Record<string, { description?: string; required?: boolean; type?: string }>) =>
    Object.fromEntries(
      Object.entries(specs).map(([id, spec]) => [
        id,
        { type: spec.type ?? 'all', required: spec.required ?? false, ...(spec.description === undefined ? {} : { description: spec.description }) },
      ]),
    );
  const code = {
    id: definition.id,
    ...(definition.title === undefined ? {} : { title: definition.title }),
    ...(definition.description === undefined ? {} : { description: definition.description }),
    effects: typeof definition.effects === 'function' ? 'depends on the firing' : (definition.effects ?? 'once'),
    inports: ports(definition.inports),
    outports: ports(definition.outports),
    config: jsonSchemaOf(definition.config),
  };
  return { name, ...(library === undefined ? {} : { library }), language: ACTOR_SOURCE_LANGUAGE, code: JSON.stringify(code, null, 2) };
}

/**
 * Reads the code of a `component:source` message as a graph: FBP JSON (`json`) or .fbp text (`fbp`). Code in any
 * other language is refused: the runtime runs no code sent to it.
 * @throws GraphCommandError naming what is wrong with the code
 */
export function readGraphSource(language: string, code: string): GraphJson {
  if (language === 'fbp') {
    const read = readFbpText(code);
    if (!read.ok) throw new GraphCommandError(`The .fbp source does not parse: ${read.problem.message}`);
    return read.graph;
  }
  if (language !== 'json')
    throw new GraphCommandError(`component:source takes graphs only (language json or fbp), not ${language}: this runtime runs no code sent to it`);
  let value: unknown;
  try {
    value = JSON.parse(code);
  } catch {
    throw new GraphCommandError('The json source is not JSON');
  }
  const parsed = GraphJsonSchema.safeParse(value);
  if (!parsed.success) throw new GraphCommandError(`The json source is not an FBP JSON graph: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

/**
 * Builds a graph sent as source into an empty protocol graph, part by part as graph commands would.
 * @throws GraphCommandError for a component nodes may not use, an end that names no node, or a limit passed
 */
export function fillGraph(graph: ProtocolGraph, json: GraphJson, hasComponent: (name: string) => boolean): void {
  const processes = Array.isArray(json.processes) ? json.processes.map((process) => [process.id, process] as const) : Object.entries(json.processes);
  for (const [id, process] of processes) {
    if (!hasComponent(process.component)) throw new GraphCommandError(`Component '${process.component}' is not in the catalogue`);
    graph.addNode(id, process.component, (process.metadata ?? {}) as JsonObject);
  }
  for (const connection of json.connections ?? []) {
    const tgt = endpoint(connection.tgt ?? connection.to);
    const src = endpoint(connection.src ?? connection.from);
    const metadata = (connection.metadata ?? {}) as JsonObject;
    if (tgt === undefined) throw new GraphCommandError('A connection of the source has no target');
    if (src !== undefined) graph.addEdge(src, tgt, metadata);
    else if (connection.data !== undefined) graph.addInitial(connection.data, tgt, metadata);
  }
  for (const [side, ports] of [
    ['inport', json.inports],
    ['outport', json.outports],
  ] as const) {
    for (const [name, port] of Object.entries(ports ?? {})) {
      const at = endpoint(port);
      if (at === undefined) throw new GraphCommandError(`Exported ${side} '${name}' names no node port`);
      graph.addExported(side, name, { node: at.node, port: at.port, ...(isJsonObject(port.metadata) ? { metadata: port.metadata } : {}) });
    }
  }
  for (const group of json.groups ?? []) {
    if (!isJsonObject(group) || typeof group.name !== 'string' || !Array.isArray(group.nodes) || group.nodes.length === 0) continue;
    graph.addGroup(
      group.name,
      group.nodes.filter((node): node is string => typeof node === 'string'),
      isJsonObject(group.metadata) ? group.metadata : {},
    );
  }
}

function endpoint(end: GraphEndpointJson | null | undefined): ProtocolPort | undefined {
  const node = end?.process ?? end?.nodeId;
  const port = end?.port ?? end?.portId;
  return node === undefined || port === undefined ? undefined : { node, port };
}
