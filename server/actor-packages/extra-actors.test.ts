import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
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

/** The name and version a package.json states, as the catalogue is expected to show them. */
function manifestOf(file: string): { name: string; version: string } {
  const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as { name: string; version: string };
  return { name, version };
}

/** The package each added actor carries, by id. */
function packagesOf(outcome: ExtendOutcome): Record<string, unknown> {
  if (!outcome.ok) throw new Error(outcome.message);
  return Object.fromEntries(outcome.added.map((definition) => [definition.id, definition.package]));
}

describe('the extra actors of actor_packages', () => {
  it('adds every actor a package exports, one by one or in arrays, given by path', async () => {
    const outcome = await load('./greeter');
    expect(outcome.ok && outcome.added.map((definition) => definition.id)).toEqual(['fixture/greet', 'fixture/wave']);
  });

  it("marks each actor of a path-given package with its package.json's name and version", async () => {
    const greeter = manifestOf(path.join(fixtures, 'greeter', 'package.json'));
    expect(greeter).toEqual({ name: 'greeter-actors', version: '1.0.0' });
    expect(packagesOf(await load('./greeter'))).toEqual({ 'fixture/greet': greeter, 'fixture/wave': greeter });
    expect(packagesOf(await load('./greeter/index.js'))).toEqual({ 'fixture/greet': greeter, 'fixture/wave': greeter });
  });

  it('names a folder without package.json as the configuration lists it, with no version', async () => {
    expect(packagesOf(await load('./same-id'))).toEqual({ 'fixture/greet': { name: './same-id', version: null } });
  });

  it('leaves the definition objects a package exports as it made them', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(path.join(fixtures, 'greeter')) as Record<string, unknown>;
    await load('./greeter');
    expect(
      Object.values(exported)
        .flat()
        .map((definition) => 'package' in (definition as object)),
    ).not.toContain(true);
  });

  it('marks each component of a NoFlo library with the installed package, and leaves the built-in actors unmarked', async () => {
    const outcome = await extraActors({ actorPackages: [], nofloComponentPackages: ['noflo-strings'], cwd: fixtures, builtIns: actorDefinitions });
    const installed = manifestOf(require.resolve('noflo-strings/package.json'));
    const packages = packagesOf(outcome);
    expect(packages['strings/SplitStr']).toEqual(installed);
    const all = Object.values(packages);
    expect(all.length).toBeGreaterThan(1);
    expect(all).toEqual(all.map(() => installed));
    expect(actorDefinitions.filter((definition) => definition.package !== undefined)).toEqual([]);
  });

  it("resolves a package name from the service's working directory", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'actor-packages-'));
    try {
      mkdirSync(path.join(cwd, 'node_modules'));
      symlinkSync(path.join(fixtures, 'greeter'), path.join(cwd, 'node_modules', 'greeter-actors'));
      const outcome = await loadInto(cwd, ['greeter-actors']);
      expect(outcome.ok && outcome.added.length).toBe(2);
      expect(packagesOf(outcome)['fixture/greet']).toEqual({ name: 'greeter-actors', version: '1.0.0' });
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
    [
      ['./undescribed'],
      "actor_packages: './undescribed': actor 'fixture/echo': config field 'limit' has no description (use a field helper or .describe('...'))",
    ],
    [
      ['./bad-ide-facts'],
      expect.stringMatching(
        /^actor_packages: '\.\/bad-ide-facts': actor 'fixture\/note': ide\.editors\.text: Invalid enum value\. Expected 'text' \| .*received 'wysiwyg'$/,
      ),
    ],
  ])('refuses %j in one line naming the package and why', async (entries, message) => {
    expect(await load(...entries)).toEqual({ ok: false, message });
  });
});
