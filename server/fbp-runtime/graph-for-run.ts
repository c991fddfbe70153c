import { type Catalogue } from '../engine';
import { type GraphJson, type JsonValue } from '../../model';
import { type ProtocolGraph } from './protocol-graph';

/** The actor that takes a tapped outport's packets: it discards them, the run's events carry them. */
const TAP_COMPONENT = 'core/Drop';

/**
 * A protocol graph as one run of it goes: its FBP JSON, exporting only the inports `inputs` names (an inport
 * given no packet in this run is as if unconnected, so that a node does not wait for it), those of `groups` with
 * the groups their packet was sent within as `metadata.groups` (the engine sends the input within them), plus one `core/Drop`
 * node fed by the port behind each exported outport (`taps`: node id to public port name). Every packet that
 * leaves the graph is then a `MessageSent` event of the run, in order, which the runtime sends back as
 * `runtime:packet`; the exported outports stay as they are, so that the run's result still holds their last
 * packets. The tap nodes show in the execution's graph as `outport:<name>`. Without `core/Drop` in the catalogue
 * there are no taps.
 */
export function graphForRun(
  graph: ProtocolGraph,
  catalogue: Catalogue,
  inputs: readonly string[],
  groups: ReadonlyMap<string, readonly JsonValue[]>,
): { graphJson: GraphJson; taps: ReadonlyMap<string, string> } {
  const whole = graph.toGraphJson();
  const inports = Object.entries(whole.inports ?? {}).filter(([name]) => inputs.includes(name));
  const graphJson = {
    ...whole,
    inports: Object.fromEntries(inports.map(([name, port]) => [name, groups.has(name) ? { ...port, metadata: { groups: [...groups.get(name)!] } } : port])),
  };
  const taps = new Map<string, string>();
  const outports = graph.exportedPorts('outport');
  if (outports.length === 0 || !catalogue.has(TAP_COMPONENT)) return { graphJson, taps };
  const processes = { ...(graphJson.processes as Record<string, { component: string }>) };
  const connections = [...(graphJson.connections ?? [])];
  for (const { name, node, port } of outports) {
    let id = `outport:${name}`;
    while (Object.hasOwn(processes, id)) id = `${id}'`;
    processes[id] = { component: TAP_COMPONENT };
    connections.push({ src: { process: node, port }, tgt: { process: id, port: 'in' } });
    taps.set(id, name);
  }
  return { graphJson: { ...graphJson, processes, connections }, taps };
}
