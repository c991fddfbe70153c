import { type AnyActorDefinition } from '../sdk/actor-definition';
import { PortMatcher } from '../graph/port-matcher';
import { type GraphBoundary } from '../graph/valid-graph';

/** The ports of one node as validation sees them: both sides, and which inports are required. */
export interface NodePorts {
  readonly inports: PortMatcher;
  readonly outports: PortMatcher;
  /** Declared ids of the required inports. */
  readonly required: readonly string[];
  /** Declared ids of the addressable ports of each side: the ports a connection may name a slot of. */
  readonly addressable: { readonly in: readonly string[]; readonly out: readonly string[] };
}

/** The ports of each definition seen: a definition never changes, and every node of every graph asks again. */
const portsByDefinition = new WeakMap<AnyActorDefinition, NodePorts>();

/** The ports an actor definition declares (shared, never mutated). */
export function portsOfDefinition(definition: AnyActorDefinition): NodePorts {
  let ports = portsByDefinition.get(definition);
  if (ports === undefined) {
    ports = declaredPorts(definition);
    portsByDefinition.set(definition, ports);
  }
  return ports;
}

function declaredPorts(definition: AnyActorDefinition): NodePorts {
  const inports = Object.keys(definition.inports);
  return {
    inports: new PortMatcher(inports),
    outports: new PortMatcher(Object.keys(definition.outports)),
    required: inports.filter((id) => definition.inports[id]?.required === true),
    addressable: {
      in: inports.filter((id) => definition.inports[id]?.addressable === true),
      out: Object.keys(definition.outports).filter((id) => definition.outports[id]?.addressable === true),
    },
  };
}

/** The ports of a composite node: its inner graph's boundary, every inport required. */
export function portsOfBoundary(boundary: GraphBoundary): NodePorts {
  return {
    inports: new PortMatcher(boundary.inports),
    outports: new PortMatcher(boundary.outports),
    required: [...boundary.inports],
    addressable: { in: [], out: [] },
  };
}

/** An input port as a runner builds it, its flags read from the actor's declaration. */
interface RunInPort {
  readonly id: string;
  readonly required: boolean;
  /** Sticky, or a control port (which keeps its packet too). */
  readonly sticky: boolean;
  readonly control: boolean;
}

/** The ports a runner builds for an actor: listed once per definition, not read again for every node of every run. */
interface RunPorts {
  readonly inports: readonly RunInPort[];
  readonly outports: readonly string[];
}

const runPortsByDefinition = new WeakMap<AnyActorDefinition, RunPorts>();

/** The ports of an actor as its runners build them, in declaration order (shared, never mutated). */
export function runPortsOf(definition: AnyActorDefinition): RunPorts {
  let ports = runPortsByDefinition.get(definition);
  if (ports === undefined) {
    const inports = Object.entries(definition.inports).map(([id, spec]) => {
      const control = spec?.control === true;
      return { id, required: spec?.required === true, sticky: spec?.sticky === true || control, control };
    });
    ports = { inports, outports: Object.keys(definition.outports) };
    runPortsByDefinition.set(definition, ports);
  }
  return ports;
}
