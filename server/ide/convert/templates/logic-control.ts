import { type IdeTemplate } from './ide-template';
import { optional, required } from './template-property';

/** The IDE's control-flow templates (`logicControl.ts`): branch, switch and loop. */
export const logicControlTemplates: readonly IdeTemplate[] = [
  {
    id: 'tpl_if_branch',
    type: 'condition',
    title: 'If Branch',
    inputs: ['input-in'],
    outputs: ['true-out', 'false-out'],
    properties: {
      decisionRules: optional('rules'),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_switch',
    type: 'condition',
    title: 'Switch',
    inputs: ['input-in'],
    outputs: ['case1-out', 'case2-out', 'case3-out', 'default-out'],
    properties: {
      switchField: required('text'),
      case1Value: optional('text'),
      case2Value: optional('text'),
      case3Value: optional('text'),
      caseSensitive: optional('boolean', true),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_loop',
    type: 'control',
    title: 'Loop',
    inputs: ['items-in'],
    outputs: ['item-out', 'index-out', 'done-out'],
    properties: {
      loopType: optional('select', 'for-each'),
      batchSize: optional('number', 1),
      maxIterations: optional('number', 1000),
      breakCondition: optional('textarea'),
    },
    requiredEnvVars: [],
  },
];
