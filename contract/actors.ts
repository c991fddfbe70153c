import { initContract } from '@ts-rest/core';
import { PortDatatypeSchema } from '../model';
import { successEnvelope } from './envelope';
import { errorResponses } from './error-responses';
import { z } from './openapi-zod';

/** What every port of an actor tells of its packets, as FBP tools read it from `component:component`. */
const PortTypingSchema = z.object({
  type: PortDatatypeSchema.openapi('PortDatatype', {
    description: 'The kind of packet the port carries, as FBP tools name datatypes: `all` for any value, `bang` for a signal whose value is ignored',
  }),
  addressable: z.boolean().openapi({ description: "NoFlo's array port: connections may name one of its slots (`IN[0]` in .fbp, an `index` in FBP JSON)" }),
  schema: z.record(z.unknown()).optional().openapi({ description: "JSON Schema of the port's packets, where the actor states one" }),
});

/** An input port of an actor. */
const ActorInPortSchema = z
  .object({
    id: z.string(),
    description: z.string().optional(),
    required: z.boolean().openapi({ description: 'The actor fires only once every fed required port holds a packet' }),
    sticky: z.boolean().openapi({ description: 'Keeps its last packet for later firings (settings-like ports)' }),
    control: z.boolean().openapi({
      description:
        'Configures the node without triggering it: keeps its last packet, never fires the node alone, and the node waits for its first packet when it is fed',
    }),
  })
  .merge(PortTypingSchema)
  .openapi('ActorInPort');

/** An output port of an actor. */
const ActorOutPortSchema = z.object({ id: z.string(), description: z.string().optional() }).merge(PortTypingSchema).openapi('ActorOutPort');

/**
 * The npm package an actor was loaded from, as its package.json says; null for a built-in actor. Inline, not a
 * named component: zod-to-openapi would make the component itself nullable.
 */
const ActorPackageSchema = z
  .object({
    name: z.string().openapi({ example: 'noflo-strings' }),
    version: z.string().nullable().openapi({ description: "The package's version; null when its package.json states none", example: '0.5.1' }),
  })
  .nullable()
  .openapi({
    description:
      'Where the actor came from: the npm package (listed in `actor_packages` or `noflo_component_packages`) the service loaded it from at start; null for a built-in actor',
  });

/** One actor of the catalogue: what a frontend needs to offer it and build its configuration form. */
const ActorDescriptionSchema = z
  .object({
    id: z.string().openapi({ description: 'The component name graphs use (an IDE template id)', example: 'tpl_math_add' }),
    title: z.string().optional(),
    description: z.string().optional(),
    inports: z.array(ActorInPortSchema),
    outports: z.array(ActorOutPortSchema),
    config_schema: z.record(z.unknown()).openapi({ description: 'JSON Schema (draft 7) of the configuration, with defaults' }),
    package: ActorPackageSchema,
  })
  .openapi('ActorDescription');

const c = initContract();

/** The routes of the actor catalogue. */
export const actorsContract = c.router(
  {
    listActors: {
      method: 'GET',
      path: '/actors',
      summary: 'List the actor catalogue: ports and configuration schema of every component',
      responses: { 200: successEnvelope(z.object({ actors: z.array(ActorDescriptionSchema) })), ...errorResponses() },
    },
    getActor: {
      method: 'GET',
      path: '/actors/:actor_id',
      summary: 'Describe one actor of the catalogue',
      pathParams: z.object({ actor_id: z.string().min(1) }),
      responses: { 200: successEnvelope(ActorDescriptionSchema), ...errorResponses(404) },
    },
  },
  { strictStatusCodes: true },
);
