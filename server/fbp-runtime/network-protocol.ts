import { z } from 'zod';
import { GraphCommandError } from './graph-command-error';
import { type PayloadReader } from './protocol-message';
import { type RuntimeContext, type Send } from './runtime-context';

const PortSchema = z.object({ node: z.string().min(1), port: z.string().min(1), index: z.union([z.number(), z.string()]).nullish() });
const EdgesSchema = z.array(z.object({ src: PortSchema, tgt: PortSchema }));

/** Handles one command of the network subprotocol, for the graph its payload names. */
export async function networkCommand(context: RuntimeContext, command: string, read: PayloadReader, send: Send): Promise<void> {
  const graph = context.graphs.require(read.optionalText('graph'));
  switch (command) {
    case 'start':
      return context.networks.start(graph);
    case 'stop':
      return context.networks.stop(graph.id);
    case 'getstatus':
      return send({ protocol: 'network', command: 'status', payload: context.networks.status(graph.id) });
    case 'edges': {
      const parsed = EdgesSchema.safeParse(read.value('edges'));
      if (!parsed.success) throw new GraphCommandError("network:edges needs 'edges' as a list of {src: {node, port}, tgt: {node, port}}");
      const edges = parsed.data.map(({ src, tgt }) => ({ src: { node: src.node, port: src.port }, tgt: { node: tgt.node, port: tgt.port } }));
      return send({ protocol: 'network', command: 'edges', payload: { graph: graph.id, edges: context.networks.edges(graph.id).select(edges) } });
    }
    case 'debug': {
      const enable = read.value('enable');
      if (typeof enable !== 'boolean') throw new GraphCommandError("network:debug needs 'enable' as a boolean");
      context.networks.edges(graph.id).setDebug(enable);
      return send({ protocol: 'network', command: 'debug', payload: { enable, graph: graph.id } });
    }
    default:
      throw new GraphCommandError(`network:${command} is not supported`);
  }
}
