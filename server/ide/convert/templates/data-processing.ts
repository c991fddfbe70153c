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
  {
    id: 'tpl_csv_reader',
    type: 'reader',
    title: 'CSV Reader',
    inputs: ['file-in'],
    outputs: ['data-out', 'errors-out'],
    properties: {
      delimiter: optional('select', ','),
      hasHeader: optional('boolean', true),
      skipRows: optional('number', 0),
      encoding: optional('select', 'utf-8'),
      dateFormat: optional('text'),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_data_transformer',
    type: 'transformer',
    title: 'Data Transformer',
    inputs: ['data-in', 'schema-in'],
    outputs: ['transformed-out', 'errors-out'],
    properties: {
      dataOperations: optional('dataOperations'),
      errorHandling: optional('select', 'log_and_continue'),
      batchSize: optional('number', 1000),
      enableValidation: optional('boolean', true),
    },
    requiredEnvVars: [],
  },
];
