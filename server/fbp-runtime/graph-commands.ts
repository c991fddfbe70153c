import { GraphCommandError } from './graph-command-error';
import { type GraphChange, type ProtocolGraph } from './protocol-graph';
import { type PayloadReader } from './protocol-message';

/** The graph changes that change which ports a graph exports: after one, clients are sent `runtime:ports`. */
export const PORT_CHANGES: ReadonlySet<string> = new Set(['addinport', 'removeinport', 'renameinport', 'addoutport', 'removeoutport', 'renameoutport']);

/**
 * Applies one graph subprotocol command other than `clear` to a graph, answering what the runtime acknowledges.
 * `hasComponent` tells whether a node may use a component (a catalogue actor or a graph component).
 * @throws GraphCommandError naming what the payload lacks or what the graph refuses
 */
export function applyGraphCommand(graph: ProtocolGraph, command: string, read: PayloadReader, hasComponent: (name: string) => boolean): GraphChange[] {
  switch (command) {
    case 'addnode': {
      const component = read.text('component');
      if (!hasComponent(component)) throw new GraphCommandError(`Component '${component}' is not in the catalogue`);
      return graph.addNode(read.text('id'), component, read.object('metadata'));
    }
    case 'removenode':
      return graph.removeNode(read.text('id'));
    case 'renamenode':
      return graph.renameNode(read.text('from'), read.text('to'));
    case 'changenode':
      return graph.changeNode(read.text('id'), read.object('metadata'));
    case 'addedge':
      return graph.addEdge(read.port('src'), read.port('tgt'), read.object('metadata'));
    case 'removeedge':
      return graph.removeEdge(read.port('src'), read.port('tgt'));
    case 'changeedge':
      return graph.changeEdge(read.port('src'), read.port('tgt'), read.object('metadata'));
    case 'addinitial': {
      const src = read.object('src');
      if (!('data' in src)) throw new GraphCommandError("graph:addinitial needs 'src' as {data}");
      return graph.addInitial(src.data, read.port('tgt'), read.object('metadata'));
    }
    case 'removeinitial':
      return graph.removeInitial(read.port('tgt'));
    case 'addinport':
    case 'addoutport': {
      const metadata = read.value('metadata') === undefined ? undefined : read.object('metadata');
      return graph.addExported(command === 'addinport' ? 'inport' : 'outport', read.text('public'), {
        node: read.text('node'),
        port: read.text('port'),
        metadata,
      });
    }
    case 'removeinport':
    case 'removeoutport':
      return graph.removeExported(command === 'removeinport' ? 'inport' : 'outport', read.text('public'));
    case 'renameinport':
    case 'renameoutport':
      return graph.renameExported(command === 'renameinport' ? 'inport' : 'outport', read.text('from'), read.text('to'));
    case 'addgroup':
      return graph.addGroup(read.text('name'), read.texts('nodes'), read.object('metadata'));
    case 'removegroup':
      return graph.removeGroup(read.text('name'));
    case 'renamegroup':
      return graph.renameGroup(read.text('from'), read.text('to'));
    case 'changegroup':
      return graph.changeGroup(read.text('name'), read.object('metadata'));
    default:
      throw new GraphCommandError(`graph:${command} is not supported`);
  }
}
