import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

describe('the production build', () => {
  it('compiles no test and no test kit', () => {
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const listed = execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--listFilesOnly'], { cwd: root, encoding: 'utf8' });
    const own = listed.split('\n').filter((file) => file.startsWith(root) && !file.includes('/node_modules/'));
    expect(own.length).toBeGreaterThan(100);
    expect(own.some((file) => file.includes('/server/engine/'))).toBe(true);
    expect(own.filter((file) => /\.test\.ts$|\/server\/testing\/|\/test\//.test(file))).toEqual([]);
  }, 60_000);
});
