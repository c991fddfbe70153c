import { type IdeTemplate } from './ide-template';
import { optional } from './template-property';

/** The IDE's data processing templates (`dataProcessing.ts`): Arrow tables, CSV reading, transformations. */
export const dataProcessingTemplates: readonly IdeTemplate[] = [
  {
    id: 'tpl_arrow_operations',
    type: 'arrow',
    title: 'Apache Arrow',
    inputs: ['data-in', 'schema-in'],
    outputs: ['table-out', 'stats-out'],
    properties: {
      operation: optional('select', 'convert'),
      compression: optional('select', 'snappy'),
      chunkSize: optional('number', 10000),
      enableStatistics: optional('boolean', true),
    },
    requiredEnvVars: [],
  },
];
