import { jsonSchemaOf } from '../actor-config';
import { type ActorPackage, type AnyActorDefinition, type InPortSpec, type OutPortSpec, SUBGRAPH_COMPONENT } from '../engine';
import { type PortDatatype } from '../../model';

/** What a port tells of its packets: their datatype, whether connections may name its slots, their JSON Schema. */
export interface PortTypingData {
  type: PortDatatype;
  addressable: boolean;
  schema?: Record<string, unknown>;
}

/** What a frontend needs to know of an actor: its ports and its configuration as JSON Schema. */
export interface ActorDescriptionData {
  id: string;
  title?: string;
  description?: string;
  inports: ({ id: string; description?: string; required: boolean; sticky: boolean; control: boolean } & PortTypingData)[];
  outports: ({ id: string; description?: string } & PortTypingData)[];
  config_schema: Record<string, unknown>;
  /** The npm package the actor was loaded from; null for a built-in actor. */
  package: ActorPackage | null;
}

/** A port's typing as the catalogue and FBP tools show it: `all` when the actor states no datatype. */
export function portTypingOf(spec: InPortSpec | OutPortSpec): PortTypingData {
  return {
    type: spec.type ?? 'all',
    addressable: spec.addressable ?? false,
    ...(spec.schema === undefined ? {} : { schema: jsonSchemaOf(spec.schema) }),
  };
}

/** Describes an actor definition for the catalogue endpoint: ports in declaration order and a draft-7 JSON Schema of its config. */
export function describeActor(definition: AnyActorDefinition): ActorDescriptionData {
  const schema = jsonSchemaOf(definition.config);
  return {
    id: definition.id,
    ...(definition.title === undefined ? {} : { title: definition.title }),
    ...(definition.description === undefined ? {} : { description: definition.description }),
    inports: Object.entries(definition.inports).map(([id, spec]) => ({
      id,
      ...(spec.description === undefined ? {} : { description: spec.description }),
      required: spec.required ?? false,
      sticky: (spec.sticky ?? false) || (spec.control ?? false),
      control: spec.control ?? false,
      ...portTypingOf(spec),
    })),
    outports: Object.entries(definition.outports).map(([id, spec]) => ({
      id,
      ...(spec.description === undefined ? {} : { description: spec.description }),
      ...portTypingOf(spec),
    })),
    config_schema: schema,
    package: definition.package ?? null,
  };
}

/**
 * Describes the composite node, which is no actor of the catalogue: a `subgraph` process runs the graph in its
 * `metadata.graph` as one node, and its ports are that graph's exported ports and graph input and output names.
 */
export function describeSubgraph(): ActorDescriptionData {
  return {
    id: SUBGRAPH_COMPONENT,
    title: 'Subgraph',
    description:
      "Runs the graph in the node's metadata.graph as one node; its ports are that graph's exported inports and outports and the names of its graph_input and graph_output nodes.",
    inports: [],
    outports: [],
    config_schema: {
      type: 'object',
      properties: {},
      additionalProperties: true,
      description: 'The inner graph is metadata.graph (FBP JSON); IDE subgraph nodes name it by graphId',
    },
    package: null,
  };
}
