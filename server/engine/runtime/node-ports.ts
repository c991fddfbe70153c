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

/** The ports an actor definition declares. */
export function portsOfDefinition(definition: AnyActorDefinition): NodePorts {
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
