import { createActorCatalogue } from '../server/actors';
import { convertOrThrow } from '../server/ide';
import { type LocalConfigOptions, loadLocalConfig } from './local-config';
import { serviceRefusal } from './service-refusal';

/**
 * Converts an IDE workflow in this process, as `POST /ide/convert` does, against the catalogue the server would
 * have: the actors it ships and those of the operator's packages. Conversion asks the catalogue only which
 * templates have an actor and what ports they declare, so the actors are not configured further. Components a
 * service adds at run time (graphs built over the FBP protocol) are known to that service only.
 * @throws CliError for a bad configuration, or with the service's message and details for a workflow that cannot be read
 */
export async function convertLocally(workflow: unknown, options: LocalConfigOptions): Promise<ReturnType<typeof convertOrThrow>> {
  const { packageActors } = await loadLocalConfig(options);
  try {
    return convertOrThrow(workflow, createActorCatalogue({ extraActors: packageActors }));
  } catch (error) {
    throw serviceRefusal(error);
  }
}
