import { type IdeTemplate } from './ide-template';

/** The template id of a composite node, which runs another graph of the same workflow. */
export const SUBGRAPH_TEMPLATE_ID = 'subgraph';

/** The template with no file among the IDE's templates: the `subgraph` node the IDE builds itself. */
export const builtInTemplates: readonly IdeTemplate[] = [
  {
    id: SUBGRAPH_TEMPLATE_ID,
    type: 'subgraph',
    title: 'Subgraph',
    inputs: ['input'],
    outputs: ['output'],
    properties: {},
    requiredEnvVars: [],
  },
];
