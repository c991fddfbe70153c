import { type AnyActorDefinition, type Catalogue, createCatalogue } from '../engine';
import { scriptingActors } from './scripting';
import { networkActors } from './network';

/** Every actor family of the catalogue; each family folder exports its definitions as one array. */
const families: readonly (readonly AnyActorDefinition[])[] = [
  scriptingActors,
  networkActors,
];

/** Every actor definition the service ships, in catalogue order. */
export const actorDefinitions: readonly AnyActorDefinition[] = families.flat();

/** Builds the catalogue of every actor the service ships, keyed by IDE template id. */
export function createActorCatalogue(): Catalogue {
  return createCatalogue(actorDefinitions);
}

export { describeActor, type ActorDescriptionData } from './describe-actor';
