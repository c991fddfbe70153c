import { aiModelTemplates } from './ai-models';
import { builtInTemplates } from './built-in';
import { communicationTemplates } from './communication';
import { dataProcessingTemplates } from './data-processing';
import { dataSourceTemplates } from './data-sources';
import { graphIoTemplates } from './graph-io';
import { type IdeTemplate } from './ide-template';
import { logicControlTemplates } from './logic-control';
import { mathTemplates } from './math';
import { scriptingTemplates } from './scripting';
import { serverNodeTemplates } from './server-nodes';
import { storageMemoryTemplates } from './storage-memory';
import { streamDisplayTemplates } from './stream-display';
import { toolsUtilityTemplates } from './tools-utilities';
import { userInputTemplates } from './user-inputs';

export {
  type IdeTemplate,
  type IdeTemplateProperty,
  type IdePropertyType,
  IdeTemplateSchema,
  IdeTemplatePropertySchema,
  IdePropertyTypeSchema,
} from './ide-template';
export { SUBGRAPH_TEMPLATE_ID } from './built-in';

/** Every template the IDE ships (80, in the order of its template files) plus `subgraph` and the legacy `tpl_mongodb`. */
export const ideTemplates: readonly IdeTemplate[] = [
  ...aiModelTemplates,
  ...communicationTemplates,
  ...dataProcessingTemplates,
  ...dataSourceTemplates,
  ...graphIoTemplates,
  ...logicControlTemplates,
  ...scriptingTemplates,
  ...serverNodeTemplates,
  ...storageMemoryTemplates,
  ...streamDisplayTemplates,
  ...mathTemplates,
  ...toolsUtilityTemplates,
  ...userInputTemplates,
  ...builtInTemplates,
];

const byId = new Map(ideTemplates.map((template) => [template.id, template]));

/** The IDE template with this id, or undefined when the IDE has none. */
export function findIdeTemplate(id: string): IdeTemplate | undefined {
  return byId.get(id);
}
