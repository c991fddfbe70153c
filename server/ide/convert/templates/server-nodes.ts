import { type IdeTemplate } from './ide-template';
import { optional, required } from './template-property';

/** The IDE's server templates (`serverNodes.ts`): request listener, response writer, interval and cron triggers. */
export const serverNodeTemplates: readonly IdeTemplate[] = [
  {
    id: 'tpl_server_request',
    type: 'server-request',
    title: 'Server Request',
    inputs: [],
    outputs: ['request-out'],
    properties: {
      requestType: required('select', 'Any'),
      dataFormat: required('select', 'Auto-detect'),
      extractFields: optional('dataOperations'),
      validation: optional('code-editor'),
      authentication: optional('select', 'None'),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_server_response',
    type: 'server-response',
    title: 'Server Response',
    inputs: ['data-in'],
    outputs: [],
    properties: {
      responseType: required('select', 'Success'),
      statusCode: required('number', 200),
      contentType: required('select', 'application/json'),
      customContentType: optional('text'),
      headers: optional('dataOperations'),
      responseFormat: optional('code-editor'),
      compression: optional('boolean', true),
      cache: optional('select', 'No Cache'),
      cacheMaxAge: optional('number', 3600),
      redirectUrl: optional('text'),
    },
    requiredEnvVars: [],
  },
];
