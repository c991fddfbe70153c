import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Reads an IDE workflow fixture of `test/fixtures/ide/` by name (`http-branch`, `script-loop`, ...). */
export function ideFixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'ide', `${name}.json`), 'utf8')) as Record<string, unknown>;
}

/** The fixture with every occurrence of one URL replaced (the fixtures point at 127.0.0.1:8080). */
export function withUrl(workflow: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(workflow).split(from).join(to)) as Record<string, unknown>;
}
