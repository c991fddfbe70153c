export { type IdeTemplate } from './ide-template';
export { SUBGRAPH_TEMPLATE_ID } from './built-in';
export { actorTemplate, ideFactsOf } from './actor-template';
export { findIdeTemplate, ideTemplates } from './ide-templates';
export { templateTableOf } from './template-table';
export { ideFactsProblem } from './ide-facts-problem';
