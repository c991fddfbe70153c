import { type AnyActorDefinition, type Catalogue, createCatalogue } from '../engine';
import { type PythonScriptActorOptions, createPythonScriptActor, scriptingActors } from './scripting';
import { networkActors } from './network';
import { mathActors } from './math';
import { inputActors } from './inputs';
import { graphIoActors } from './graph-io';
import { logicActors } from './logic';
import { dataActors } from './data';

/** Every actor family of the catalogue; each family folder exports its definitions as one array. */
const families: readonly (readonly AnyActorDefinition[])[] = [
  mathActors,
  inputActors,
  graphIoActors,
  logicActors,
  scriptingActors,
  networkActors,
  dataActors,
];

/** Every actor definition the service ships, in catalogue order. */
export const actorDefinitions: readonly AnyActorDefinition[] = families.flat();

/** How the server configures the actors that depend on it. */
export interface ActorCatalogueOptions {
  python?: PythonScriptActorOptions;
}

/** Builds the catalogue of every actor the service ships, keyed by IDE template id. */
export function createActorCatalogue(options: ActorCatalogueOptions = {}): Catalogue {
  const python = createPythonScriptActor(options.python);
  return createCatalogue(actorDefinitions.map((definition) => (definition.id === python.id ? python : definition)));
}

export { describeActor, type ActorDescriptionData } from './describe-actor';
export { createPythonScriptActor } from './scripting';
