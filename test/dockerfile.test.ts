import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Copy, DockerfileParser, type Instruction } from 'dockerfile-ast';

const root = join(__dirname, '..');
const dockerfile = DockerfileParser.parse(readFileSync(join(root, 'Dockerfile'), 'utf8'));
const instructions = dockerfile.getInstructions();
const froms = dockerfile.getFROMs();

/** The instructions of the last stage: what the image runs. */
function finalStage(): Instruction[] {
  const start = instructions.indexOf(froms[froms.length - 1]);
  return instructions.slice(start + 1);
}

const argumentsOf = (instruction: Instruction): string => instruction.getArgumentsContent() ?? '';
const named = (stage: Instruction[], keyword: string): Instruction[] => stage.filter((i) => i.getKeyword() === keyword);

// No Docker engine runs on the test machines: the file is read as Docker reads it and its promises checked.
describe('the Dockerfile', () => {
  it('builds in one stage and runs in another that copies only what the build made', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    const build = froms[0].getBuildStage();
    expect(build).toBeTruthy();
    expect(froms.map((from) => from.getImageName())).toEqual(froms.map(() => 'node'));
    const copies = named(finalStage(), 'COPY') as Copy[];
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.map((copy) => copy.getFromFlag()?.getValue())).toEqual(copies.map(() => build));
    expect(copies.map(argumentsOf)).toContain('/app/dist ./dist');
  });

  it('runs the service as a user other than root', () => {
    const users = named(finalStage(), 'USER').map(argumentsOf);
    expect(users.length).toBeGreaterThan(0);
    const user = users[users.length - 1].split(':')[0].trim();
    expect(['', 'root', '0']).not.toContain(user);
  });

  it('installs bubblewrap and python3 in the image that runs', () => {
    const installs = named(finalStage(), 'RUN').map(argumentsOf).filter((args) => args.includes('apt-get install'));
    const packages = installs.join(' ').split(/\s+/);
    expect(packages).toEqual(expect.arrayContaining(['bubblewrap', 'python3']));
  });

  it('checks its health on /ready, exposes 8080 and starts the built server as npm start does, as node itself so that a stop signal reaches it', () => {
    const [healthcheck] = named(finalStage(), 'HEALTHCHECK').map(argumentsOf);
    expect(healthcheck).toMatch(/\bCMD\b/);
    expect(healthcheck).toContain('/ready');
    expect(named(finalStage(), 'EXPOSE').map(argumentsOf)).toContain('8080');
    const [cmd] = named(finalStage(), 'CMD').map(argumentsOf);
    const argv = JSON.parse(cmd) as string[];
    const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;
    const entry = /node --no-node-snapshot (\S+)/.exec(start)?.[1];
    expect(entry).toBeDefined();
    expect(argv).toEqual(['node', '--no-node-snapshot', entry]);
    // No npm or shell between tini and the server: each would keep the signal to itself or leave the server running.
    expect(start).toMatch(/&& exec node --no-node-snapshot /);
    expect(named(finalStage(), 'ENTRYPOINT').map(argumentsOf)).toEqual(['["/usr/bin/tini", "--"]']);
  });

  it('copies into the build only files that exist, and never the local node_modules or dist', () => {
    const buildStage = instructions.slice(0, instructions.indexOf(froms[1]));
    const sources = named(buildStage, 'COPY').flatMap((copy) => argumentsOf(copy).split(/\s+/).slice(0, -1)).filter((arg) => !arg.startsWith('--'));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(existsSync(join(root, source))).toBe(true);
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist']));
  });
});
