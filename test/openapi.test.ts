import { readFileSync } from 'node:fs';
import { OPENAPI_PATH, openApiText } from '../scripts/generate-openapi';
import { type TestApp, startTestApp } from './support/test-app';

describe('the OpenAPI document', () => {
  it('is committed exactly as the contract generates it (run `npm run openapi` after changing the contract)', () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(openApiText());
  });

  it('documents every HTTP endpoint of the spec, and leaves /ws to the AsyncAPI document it links', () => {
    const document = JSON.parse(openApiText()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
      externalDocs: { url: string };
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/ready',
        '/workflows',
        '/workflows/{execution_id}',
        '/workflows/{execution_id}/cancel',
        '/ide/workflows',
        '/ide/convert',
        '/deployments',
      ]),
    );
    expect(Object.keys(document.paths)).not.toContain('/ws');
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['ErrorEnvelope', 'ExecutionEvent']));
    expect(document.externalDocs.url).toBe('/asyncapi.json');
  });

  it('asks no token on the routes the server keeps public, and answers 401 on the others only', () => {
    const document = JSON.parse(openApiText()) as { paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, unknown> }>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.values(item).map((operation) => ({ path, operation })));
    const open = operations.filter(({ operation }) => operation.security.length === 0);
    expect(open.map(({ path }) => path)).toEqual(['/health', '/ready']);
    expect(operations.filter(({ operation }) => (operation.security.length === 0) === '401' in operation.responses).map(({ path }) => path)).toEqual([]);
  });

  describe('served by the app', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp();
    });
    afterAll(() => app.close());

    it('serves the same document at /openapi.json', async () => {
      const response = await fetch(`${app.url}/openapi.json`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(JSON.parse(openApiText()));
    });
  });
});
