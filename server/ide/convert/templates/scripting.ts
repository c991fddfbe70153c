import { type IdeTemplate } from './ide-template';
import { optional, required } from './template-property';

/** The IDE's script templates (`scripting.ts`): JavaScript, NuShell, Python and SQL. */
export const scriptingTemplates: readonly IdeTemplate[] = [
  {
    id: 'tpl_nushell_script',
    type: 'script',
    title: 'NuShell Script',
    inputs: ['data-in', 'args-in'],
    outputs: ['result-out', 'error-out'],
    properties: {
      script: required('code-editor'),
      timeout: optional('number', 15000),
      workingDirectory: optional('text'),
    },
    requiredEnvVars: [],
  },
];
