import { type IdeTemplate } from './ide-template';
import { optional, required } from './template-property';

/** The IDE's graph boundary templates (`graphIO.ts`): subgraph inputs and outputs, and proxies into a subgraph. */
export const graphIoTemplates: readonly IdeTemplate[] = [
  {
    id: 'proxy_input',
    type: 'graph-io',
    title: 'Proxy Input',
    inputs: [],
    outputs: ['proxy'],
    properties: {
      subgraphId: required('text'),
      targetNodeId: required('text'),
      targetPortId: required('text'),
      description: optional('textarea'),
    },
    requiredEnvVars: [],
  },
  {
    id: 'proxy_output',
    type: 'graph-io',
    title: 'Proxy Output',
    inputs: ['proxy'],
    outputs: [],
    properties: {
      subgraphId: required('text'),
      sourceNodeId: required('text'),
      sourcePortId: required('text'),
      description: optional('textarea'),
    },
    requiredEnvVars: [],
  },
];
