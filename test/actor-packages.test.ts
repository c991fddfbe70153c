import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from './support/cli-process';
import { type TestApp, startTestApp } from './support/test-app';

const fixtures = path.join(__dirname, 'fixtures', 'actor-packages');
const serve = ['serve', '--port', '0', '--bind-address', '127.0.0.1'];

describe('actor_packages at start', () => {
  it('refuses to start when a package clashes, exiting 2 with one line naming the package and why', async () => {
    const { code, stdout, stderr } = await runCli([...serve, '--actor-packages', './greeter,./clashing'], { cwd: fixtures });
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe("actor_packages: './clashing': actor 'tpl_math_add' has the id of a built-in actor\n");
  }, 30_000);

  it('refuses a package named in the environment that has a config field without a description', async () => {
    const { code, stderr } = await runCli(serve, { cwd: fixtures, env: { ENGINE_ACTOR_PACKAGES: './undescribed' } });
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toEqual([
      "actor_packages: './undescribed': actor 'fixture/echo': config field 'limit' has no description (use a field helper or .describe('...'))",
    ]);
  }, 30_000);
});

describe('the actors of actor_packages in the catalogue', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { actor_packages: [path.join(fixtures, 'greeter')] } });
  });
  afterAll(() => app.close());

  it("shows in GET /actors which package and version each actor came from, as the package's package.json says", async () => {
    const { name, version } = JSON.parse(readFileSync(path.join(fixtures, 'greeter', 'package.json'), 'utf8')) as { name: string; version: string };
    const actors = (await app.client.listActors()).data!.data.actors;
    const packageOf = (id: string) => actors.find((actor) => actor.id === id)?.package;
    expect([packageOf('fixture/greet'), packageOf('fixture/wave')]).toEqual([
      { name, version },
      { name, version },
    ]);
    expect(packageOf('tpl_math_add')).toBeNull();
    expect(packageOf('subgraph')).toBeNull();
    const wave = await app.client.getActor('fixture/wave');
    expect({ status: wave.response.status, package: wave.data?.data.package }).toEqual({ status: 200, package: { name: 'greeter-actors', version: '1.0.0' } });
  });
});
