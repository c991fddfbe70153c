import { existsSync, readFileSync, statSync } from 'node:fs';
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

  it("puts wes on PATH through the package's launcher, which runs the build with --no-node-snapshot", () => {
    const stage = finalStage();
    const copies = (named(stage, 'COPY') as Copy[]).map(argumentsOf);
    expect(copies).toContain('/app/bin ./bin');
    const runs = named(stage, 'RUN').map(argumentsOf).join(' ');
    const launcher = /ln -s \/app\/(\S+) \/usr\/local\/bin\/wes\b/.exec(runs)?.[1];
    const bin = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin;
    expect(launcher).toBe(bin.wes);
    const source = readFileSync(join(root, launcher!), 'utf8');
    expect(source.split('\n')[0]).toMatch(/^#!.*node --no-node-snapshot$/);
    // Without the sources and tsx (the image has neither), the launcher runs the build the image copies.
    expect(source).toContain("join(root, 'dist', 'cli', 'main.js')");
    expect(statSync(join(root, launcher!)).mode & 0o111).not.toBe(0);
  });

  it('puts nu on PATH from the Nushell package that production installs, when the platform has it', () => {
    const runs = named(finalStage(), 'RUN').map(argumentsOf).join(' ');
    const nu = /ln -s \/app\/node_modules\/(@nushell\/[^/\s]+)\/bin\/nu \/usr\/local\/bin\/nu\b/.exec(runs)?.[1];
    expect(nu).toBe('@nushell/linux-x64');
    // Optional, not a dev dependency: `npm prune --omit=dev` keeps it, and a platform without it still builds.
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { optionalDependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    expect(Object.keys(manifest.optionalDependencies ?? {})).toContain(nu);
    expect(Object.keys(manifest.devDependencies ?? {})).not.toContain(nu);
    expect(runs).toContain(`if [ -x node_modules/${nu}/bin/nu ]`);
    expect(existsSync(join(root, 'node_modules', nu!, 'bin', 'nu'))).toBe(true);
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
