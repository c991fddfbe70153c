import { jsonSchemaOf } from '../actor-config';
import { type AnyActorDefinition } from '../engine';

/** What a frontend needs to know of an actor: its ports and its configuration as JSON Schema. */
export interface ActorDescriptionData {
  id: string;
  title?: string;
  description?: string;
  inports: { id: string; description?: string; required: boolean; sticky: boolean; control: boolean }[];
  outports: { id: string; description?: string }[];
  config_schema: Record<string, unknown>;
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
    })),
    outports: Object.entries(definition.outports).map(([id, spec]) => ({ id, ...(spec.description === undefined ? {} : { description: spec.description }) })),
    config_schema: schema,
  };
}
