import { type IdeTemplate } from './ide-template';
import { multiSelect, optional, required } from './template-property';

/** The non-math templates of the IDE's `toolsUtilities.ts`: HTTP, GraphQL, RPC, parsers, regex, date/time. */
export const toolsUtilityTemplates: readonly IdeTemplate[] = [
  {
    id: 'tpl_graphql_query',
    type: 'graphql',
    title: 'GraphQL Query',
    inputs: ['variables-in'],
    outputs: ['data-out', 'errors-out'],
    properties: {
      endpoint: required('text'),
      query: required('code-editor'),
      operationType: optional('select', 'query'),
    },
    requiredEnvVars: ['GRAPHQL_API_KEY'],
  },
  {
    id: 'tpl_http_request',
    type: 'http',
    title: 'HTTP Request',
    inputs: ['data-in', 'headers-in'],
    outputs: ['response-out', 'error-out'],
    properties: {
      url: required('text'),
      method: optional('select', 'GET'),
      timeout: optional('number', 30000),
      retryCount: optional('number', 3),
      followRedirects: optional('boolean', true),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_rpc_call',
    type: 'rpc',
    title: 'RPC Call',
    inputs: ['params-in'],
    outputs: ['result-out', 'error-out'],
    properties: {
      protocol: optional('select', 'json-rpc'),
      endpoint: required('text'),
      method: required('text'),
      version: optional('text', '2.0'),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_json_parser',
    type: 'parser',
    title: 'JSON Parser',
    inputs: ['json-in', 'schema-in'],
    outputs: ['parsed-out', 'errors-out'],
    properties: {
      jsonPath: optional('text'),
      strictMode: optional('boolean', true),
      allowComments: optional('boolean', false),
      validateSchema: optional('boolean', false),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_regex_matcher',
    type: 'text',
    title: 'Regex Matcher',
    inputs: ['text-in', 'pattern-in'],
    outputs: ['matches-out', 'groups-out'],
    properties: {
      pattern: required('text'),
      flags: multiSelect(['g']),
      returnType: optional('select', 'matches'),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_xml_parser',
    type: 'parser',
    title: 'XML Parser',
    inputs: ['xml-in', 'xpath-in'],
    outputs: ['data-out', 'errors-out'],
    properties: {
      xpath: optional('text'),
      namespaces: optional('textarea'),
      outputFormat: optional('select', 'json'),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_date_time',
    type: 'datetime',
    title: 'Date/Time',
    inputs: ['date-in'],
    outputs: ['formatted-out', 'timestamp-out'],
    properties: {
      operation: optional('select', 'format'),
      format: optional('text', 'YYYY-MM-DD HH:mm:ss'),
      timezone: optional('text', 'UTC'),
      unit: optional('select', 'days'),
    },
    requiredEnvVars: [],
  },
];
