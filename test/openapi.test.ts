import { readFileSync } from 'node:fs';
import { OPENAPI_PATH, openApiText } from '../scripts/generate-openapi';
import { type TestApp, startTestApp } from './support/test-app';

describe('the OpenAPI document', () => {
  it('is committed exactly as the contract generates it (run `npm run openapi` after changing the contract)', () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(openApiText());
  });

  it('documents every endpoint of the spec and the WebSocket messages', () => {
    const document = JSON.parse(openApiText()) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/health', '/workflows', '/workflows/{execution_id}', '/workflows/{execution_id}/cancel', '/ide/workflows', '/ide/convert', '/ws']),
    );
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['WsClientMessage', 'WsServerMessage', 'ErrorEnvelope', 'ExecutionEvent']));
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
