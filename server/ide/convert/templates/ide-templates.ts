import { actorDefinitions } from '../../../actors';
import { actorTemplate } from './actor-template';
import { builtInTemplates } from './built-in';
import { graphIoTemplates } from './graph-io';
import { type IdeTemplate } from './ide-template';

/** The templates the service's actors implement, generated from the actors themselves. */
const implementedTemplates: readonly IdeTemplate[] = actorDefinitions.flatMap((definition) => actorTemplate(definition) ?? []);

/** The templates no actor implements yet, transcribed from the IDE's template files. */
const transcribedTemplates: readonly IdeTemplate[] = [...graphIoTemplates, ...builtInTemplates];

/** Every template the IDE ships (80) plus `subgraph` and the legacy `tpl_mongodb`: the implemented ones first. */
export const ideTemplates: readonly IdeTemplate[] = [
  ...implementedTemplates,
  ...transcribedTemplates.filter((template) => !implementedTemplates.some((implemented) => implemented.id === template.id)),
];

const byId = new Map(ideTemplates.map((template) => [template.id, template]));

/** The IDE template with this id, or undefined when the IDE has none. */
export function findIdeTemplate(id: string): IdeTemplate | undefined {
  return byId.get(id);
}
