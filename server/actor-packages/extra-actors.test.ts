import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { actorDefinitions } from '../actors';
import { type ExtendOutcome } from './extend-catalogue';
import { extraActors } from './extra-actors';

const fixtures = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'actor-packages');

/** Loads packages and checks them against the built-in actors, as the service does at start. */
function loadInto(cwd: string, entries: readonly string[]): Promise<ExtendOutcome> {
  return extraActors({ actorPackages: entries, cwd, builtIns: actorDefinitions });
}
const load = (...entries: string[]) => loadInto(fixtures, entries);

describe('the extra actors of actor_packages', () => {
  it('adds every actor a package exports, one by one or in arrays, given by path', async () => {
    const outcome = await load('./greeter');
    expect(outcome.ok && outcome.added.map((definition) => definition.id)).toEqual(['fixture/greet', 'fixture/wave']);
  });

  it("resolves a package name from the service's working directory", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'actor-packages-'));
    try {
      mkdirSync(path.join(cwd, 'node_modules'));
      symlinkSync(path.join(fixtures, 'greeter'), path.join(cwd, 'node_modules', 'greeter-actors'));
      const outcome = await loadInto(cwd, ['greeter-actors']);
      expect(outcome.ok && outcome.added.length).toBe(2);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('adds nothing for an empty list', async () => {
    expect(await load()).toEqual({ ok: true, added: [] });
  });

  it.each([
    [['./clashing'], "actor_packages: './clashing': actor 'tpl_math_add' has the id of a built-in actor"],
    [['./greeter', './same-id'], "actor_packages: './same-id': actor 'fixture/greet' has the id of an actor of actor_packages: './greeter'"],
    [['./broken'], "actor_packages: './broken' could not be loaded: the package needs ACME_HOME to be set"],
    [['./missing'], expect.stringMatching(/^actor_packages: '\.\/missing' could not be loaded: Cannot find module '.*missing'/)],
    [['./not-an-actor'], "actor_packages: './not-an-actor': export 'formatName' is not an actor definition (made with defineActor)"],
    [['./undescribed'], "actor_packages: './undescribed': actor 'fixture/echo': config field 'limit' has no description (use a field helper or .describe('...'))"],
  ])('refuses %j in one line naming the package and why', async (entries, message) => {
    expect(await load(...entries)).toEqual({ ok: false, message });
  });
});
