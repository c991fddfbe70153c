import { actorDefinitions } from '../../../actors';
import { type Catalogue } from '../../../engine';
import { packageActorTemplate } from './actor-template';
import { type IdeTemplate } from './ide-template';
import { ideTemplates } from './ide-templates';

/** The IDE templates a service knows: the built-in table plus one per actor of its packages. */
export interface IdeTemplateTable {
  /** Every template, the built-in ones first. */
  readonly templates: readonly IdeTemplate[];
  /** The template with this id, or undefined when there is none. */
  find(id: string): IdeTemplate | undefined;
}

const builtInIds = new Set([...actorDefinitions.map((definition) => definition.id), ...ideTemplates.map((template) => template.id)]);

// One table per catalogue: a service keeps its catalogue for its life, so its table is built once.
const tables = new WeakMap<Catalogue, IdeTemplateTable>();

/**
 * The template table of a catalogue: the built-in templates, unchanged, and a template generated for each of
 * its actors that is no built-in one (the actors of `actor_packages` and `noflo_component_packages`).
 */
export function templateTableOf(catalogue: Catalogue): IdeTemplateTable {
  const known = tables.get(catalogue);
  if (known !== undefined) return known;
  const packaged = catalogue
    .list()
    .filter((definition) => !builtInIds.has(definition.id))
    .map(packageActorTemplate);
  const templates = [...ideTemplates, ...packaged];
  const byId = new Map(templates.map((template) => [template.id, template]));
  const table: IdeTemplateTable = { templates, find: (id) => byId.get(id) };
  tables.set(catalogue, table);
  return table;
}
