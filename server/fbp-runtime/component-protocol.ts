import { type FbpMessage, type PayloadReader } from './protocol-message';
import { componentMessages, graphComponentPayload } from './component-list';
import { actorSource, fillGraph, graphSource, readGraphSource } from './component-source';
import { GraphCommandError } from './graph-command-error';
import { type NamedGraph } from './component-list';
import { type RuntimeContext, type Send } from './runtime-context';

/**
 * Handles one command of the component subprotocol: `list` (catalogue actors, then graph components),
 * `getsource` (a graph's FBP JSON, or an actor's definition and configuration schema) and `source` (a graph
 * sent as a component, kept as a protocol graph; code in other languages is refused).
 */
export async function componentCommand(context: RuntimeContext, command: string, read: PayloadReader, send: Send): Promise<void> {
  switch (command) {
    case 'list':
      for (const message of componentMessages(context.catalogue, graphComponents(context))) send(message);
      return;
    case 'getsource':
      return send({ protocol: 'component', command: 'source', payload: sourceOf(context, read.text('name')) });
    case 'source':
      return setSource(context, read, send);
    default:
      throw new GraphCommandError(`component:${command} is not supported`);
  }
}

function graphComponents(context: RuntimeContext): NamedGraph[] {
  return context.graphs.components().flatMap((graph) => {
    const name = context.graphs.componentName(graph);
    return name === undefined ? [] : [{ name, graph }];
  });
}

function sourceOf(context: RuntimeContext, name: string) {
  const graph = context.graphs.byComponent(name) ?? context.graphs.get(name);
  if (graph !== undefined) return graphSource(context.graphs.componentName(graph) ?? graph.id, graph);
  const definition = context.catalogue.get(name);
  if (definition !== undefined) return actorSource(definition);
  throw new GraphCommandError(`Component '${name}' not found`);
}

async function setSource(context: RuntimeContext, read: PayloadReader, send: Send): Promise<void> {
  const name = read.text('name');
  const library = read.optionalText('library');
  const code = read.value('code');
  if (typeof code !== 'string') throw new GraphCommandError("component:source needs 'code' as a string");
  const json = readGraphSource(read.text('language'), code);
  const id = library === undefined || name.includes('/') ? name : `${library}/${name}`;
  if (context.catalogue.has(id)) throw new GraphCommandError(`'${id}' is an actor of the catalogue; a graph may not replace it`);
  const { description, icon } = json.properties ?? {};
  context.graphs.clear(id, {
    name,
    ...(library === undefined ? {} : { library }),
    ...(typeof description === 'string' && description !== '' ? { description } : {}),
    ...(typeof icon === 'string' && icon !== '' ? { icon } : {}),
    main: false,
  });
  if (context.networks.isRunning(id)) await context.networks.stop(id);
  const graph = context.graphs.require(id);
  try {
    fillGraph(graph, json, (component) => context.graphs.hasComponent(component));
  } finally {
    context.graphs.changed(graph);
  }
  const component: FbpMessage = {
    protocol: 'component',
    command: 'component',
    payload: graphComponentPayload(context.graphs.componentName(graph) ?? id, graph, context.catalogue),
  };
  send(component);
  context.broadcast(component, send);
}
