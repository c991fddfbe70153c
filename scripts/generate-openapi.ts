import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAsyncApiDocument, buildOpenApiDocument } from '../server/openapi';

/** Where the committed OpenAPI document lives. */
export const OPENAPI_PATH = join(__dirname, '..', 'openapi', 'openapi.json');

/** Where the committed AsyncAPI document of the WebSocket API lives. */
export const ASYNCAPI_PATH = join(__dirname, '..', 'openapi', 'asyncapi.json');

/** The text of the OpenAPI document, exactly as it is committed. */
export function openApiText(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

/** The text of the AsyncAPI document, exactly as it is committed. */
export function asyncApiText(): string {
  return `${JSON.stringify(buildAsyncApiDocument(), null, 2)}\n`;
}

if (require.main === module) {
  writeFileSync(OPENAPI_PATH, openApiText());
  console.log(`Wrote ${OPENAPI_PATH}`);
  writeFileSync(ASYNCAPI_PATH, asyncApiText());
  console.log(`Wrote ${ASYNCAPI_PATH}`);
}
