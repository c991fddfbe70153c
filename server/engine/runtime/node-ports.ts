import { type AnyActorDefinition } from '../sdk/actor-definition';
import { PortMatcher } from '../graph/port-matcher';
import { type GraphBoundary } from '../graph/valid-graph';

/** The ports of one node as validation sees them: both sides, and which inports are required. */
export interface NodePorts {
  readonly inports: PortMatcher;
  readonly outports: PortMatcher;
  /** Declared ids of the required inports. */
  readonly required: readonly string[];
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
  };
}

/** The ports of a composite node: its inner graph's boundary, every inport required. */
export function portsOfBoundary(boundary: GraphBoundary): NodePorts {
  return {
    inports: new PortMatcher(boundary.inports),
    outports: new PortMatcher(boundary.outports),
    required: [...boundary.inports],
  };
}
