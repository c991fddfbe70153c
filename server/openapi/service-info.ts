/** The title, version and license both API documents (OpenAPI and AsyncAPI) show. */
export const SERVICE_INFO = {
  title: 'Workflow Execution Service',
  version: '0.1.0',
  license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
} as const;
