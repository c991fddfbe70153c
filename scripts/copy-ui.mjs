// Copies the /ui page's static files next to the compiled server, so that dist/ serves the page on its own.
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const to = join(root, 'dist', 'server', 'ui', 'static');
// Files removed from the source must not linger in dist/.
rmSync(to, { recursive: true, force: true });
cpSync(join(root, 'server', 'ui', 'static'), to, { recursive: true });
