import { type IdeTemplate } from './ide-template';
import { optional, required } from './template-property';

/** The IDE's data source templates (`dataSources.ts`): SaaS APIs, database pools and their consumers, files. */
export const dataSourceTemplates: readonly IdeTemplate[] = [
  {
    id: 'tpl_github_api',
    type: 'api',
    title: 'GitHub API',
    inputs: ['params-in'],
    outputs: ['data-out', 'rate-out'],
    properties: {
      operation: optional('select', 'get-repo'),
      owner: required('text'),
      repo: required('text'),
      perPage: optional('number', 30),
    },
    requiredEnvVars: ['GITHUB_TOKEN'],
  },
  {
    id: 'tpl_hubspot',
    type: 'crm',
    title: 'HubSpot',
    inputs: ['data-in', 'filter-in'],
    outputs: ['results-out', 'metrics-out'],
    properties: {
      objectType: optional('select', 'contacts'),
      operation: optional('select', 'get'),
      properties: optional('textarea'),
      associations: optional('boolean', false),
    },
    requiredEnvVars: ['HUBSPOT_API_KEY'],
  },
  {
    id: 'tpl_salesforce',
    type: 'crm',
    title: 'Salesforce',
    inputs: ['query-in'],
    outputs: ['records-out', 'status-out'],
    properties: {
      operation: optional('select', 'query'),
      object: optional('select', 'Account'),
      soqlQuery: optional('textarea'),
      externalIdField: optional('text'),
    },
    requiredEnvVars: ['SALESFORCE_CLIENT_ID', 'SALESFORCE_CLIENT_SECRET', 'SALESFORCE_USERNAME', 'SALESFORCE_PASSWORD'],
  },
  {
    id: 'tpl_s3_storage',
    type: 'storage',
    title: 'AWS S3',
    inputs: ['file-in', 'key-in'],
    outputs: ['url-out', 'metadata-out'],
    properties: {
      bucket: required('text'),
      operation: optional('select', 'upload'),
      acl: optional('select', 'private'),
      storageClass: optional('select', 'STANDARD'),
    },
    requiredEnvVars: ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION'],
  },
  {
    id: 'tpl_google_sheets',
    type: 'spreadsheet',
    title: 'Google Sheets',
    inputs: ['data-in', 'range-in'],
    outputs: ['values-out', 'metadata-out'],
    properties: {
      spreadsheetId: required('text'),
      operation: optional('select', 'read'),
      range: optional('text', 'A1:Z1000'),
      valueInputOption: optional('select', 'USER_ENTERED'),
    },
    requiredEnvVars: ['GOOGLE_SHEETS_API_KEY', 'GOOGLE_SHEETS_CLIENT_EMAIL'],
  },
];
