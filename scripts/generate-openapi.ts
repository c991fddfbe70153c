import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../server/openapi';

/** Where the committed OpenAPI document lives. */
export const OPENAPI_PATH = join(__dirname, '..', 'openapi', 'openapi.json');

/** The text of the OpenAPI document, exactly as it is committed. */
export function openApiText(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

if (require.main === module) {
  writeFileSync(OPENAPI_PATH, openApiText());
  console.log(`Wrote ${OPENAPI_PATH}`);
}
