import { type JsonObject } from '../../model';
import { PORT_CHANGES, applyGraphCommand } from './graph-commands';
import { type PayloadReader } from './protocol-message';
import { type RuntimeContext, type Send, announcePorts } from './runtime-context';

/** Handles one command of the graph subprotocol: `clear` makes (or replaces) a graph, the others change one. */
export async function graphCommand(context: RuntimeContext, command: string, read: PayloadReader, send: Send): Promise<void> {
  if (command === 'clear') return clear(context, read, send);
  const graph = context.graphs.require(read.optionalText('graph'));
  const changes = applyGraphCommand(graph, command, read, (name) => context.graphs.hasComponent(name));
  context.graphs.changed(graph);
  for (const change of changes) send({ protocol: 'graph', command: change.command, payload: change.payload });
  if (changes.some((change) => PORT_CHANGES.has(change.command))) announcePorts(context, graph);
}

// A graph of an id already held is replaced, its network stopped; as the protocol has no command to remove a
// graph, a new one may let go of an idle one (see ProtocolGraphs).
async function clear(context: RuntimeContext, read: PayloadReader, send: Send): Promise<void> {
  const id = read.text('id');
  const properties: JsonObject = {};
  for (const key of ['name', 'library', 'icon', 'description']) {
    const value = read.optionalText(key);
    if (value !== undefined) properties[key] = value;
  }
  const main = read.value('main');
  if (typeof main === 'boolean') properties.main = main;
  context.graphs.clear(id, properties);
  if (context.networks.isRunning(id)) await context.networks.stop(id);
  send({ protocol: 'graph', command: 'clear', payload: { id, ...properties } });
  announcePorts(context, context.graphs.require(id));
}
