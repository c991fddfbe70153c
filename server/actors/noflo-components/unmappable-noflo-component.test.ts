import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as noflo from 'noflo';
import { runFlow } from '../../../test/support/kits';
import { actorDefinitions } from '../index';
import { extraActors } from '../../actor-packages/extra-actors';
import { loadNofloComponentActors } from './load-noflo-component-actors';
import { createNofloComponentActor } from './noflo-component-actor';

const ROOT = join(__dirname, '..', '..', '..');

// Written against NoFlo 0.x's port events: it sends what it collected when its inport disconnects. NoFlo's sockets
// still make those events, so it is not refused: each packet posted outside brackets is a stream of its own.
const LEGACY = `const noflo = require('noflo');
exports.getComponent = () => {
  const c = new noflo.Component();
  c.inPorts.add('in', { datatype: 'all' });
  c.outPorts.add('out', { datatype: 'all' });
  let seen = [];
  c.inPorts.in.on('ip', (ip) => { if (ip.type === 'data') seen.push(ip.data); });
  c.inPorts.in.on('disconnect', () => { c.outPorts.out.send(seen); seen = []; });
  return c;
};`;

const FINE = `const noflo = require('noflo');
exports.getComponent = () => {
  const c = new noflo.Component();
  c.inPorts.add('in', { datatype: 'all' });
  c.outPorts.add('out', { datatype: 'all' });
  return c.process((input, output) => output.sendDone({ out: input.getData('in') }));
};`;

// A graph component naming a component that no installed package has.
const BROKEN_GRAPH = 'INPORT=Send.IN:IN\nOUTPORT=Send.OUT:OUT\nSend(odd/Nowhere) OUT -> IN Fine(odd/Fine)\n';

describe('NoFlo components the adapter cannot run faithfully', () => {
  it("refuses noflo-core's components with a port of datatype function by name, and loads the rest of the package", async () => {
    const { actors, refused } = await loadNofloComponentActors(['noflo-core'], ROOT);
    expect(refused).toEqual([
      { name: 'core/Callback', package: 'noflo-core', reason: "its inport 'callback' carries functions, and packets here are JSON" },
      { name: 'core/MakeFunction', package: 'noflo-core', reason: "its outport 'function' carries functions, and packets here are JSON" },
      { name: 'core/ReadGlobal', package: 'noflo-core', reason: "it reads the service process's globals, which graph authors must not see" },
      { name: 'core/ReadEnv', package: 'noflo-core', reason: "it reads the service's environment variables, which graph authors must not see" },
    ]);
    const ids = actors.map((definition) => definition.id);
    expect(ids).toEqual(expect.arrayContaining(['core/Copy', 'core/DisconnectAfterPacket', 'core/Repeat']));
    expect(ids.filter((id) => ['core/Callback', 'core/ReadEnv', 'core/ReadGlobal'].includes(id))).toEqual([]);
  });

  it('is right to: core/Callback, run anyway, fails on every packet, since no packet is a function', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nofloModule = require('noflo') as typeof noflo;
    const loader = new nofloModule.ComponentLoader(join(ROOT, 'node_modules', 'noflo-core'));
    const callback = createNofloComponentActor({ noflo: nofloModule, loader, name: 'core/Callback' }, await loader.load('core/Callback', {}));
    const { result } = await runFlow([callback], {
      processes: { call: { component: 'core/Callback' } },
      connections: [
        { data: 'console.log', tgt: { process: 'call', port: 'callback' } },
        { data: 'x', tgt: { process: 'call', port: 'in' } },
      ],
    });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result)).toContain('The provided callback must be a function');
  });

  it('refuses none of noflo-strings and noflo-objects, graph components included', async () => {
    const { actors, refused } = await loadNofloComponentActors(['noflo-strings', 'noflo-objects'], ROOT);
    expect(refused).toEqual([]);
    expect(actors.map((definition) => definition.id)).toContain('strings/SendJson');
  });

  it('warns at start naming each refused component the catalogue lacks, and keeps the package', async () => {
    const outcome = await extraActors({ actorPackages: [], nofloComponentPackages: ['noflo-core'], cwd: ROOT, builtIns: actorDefinitions });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    // core/MakeFunction is one of the catalogue's own actors: its library copy is not missed.
    expect(outcome.warnings).toEqual([
      "NoFlo component package 'noflo-core' (noflo_component_packages): component 'core/Callback' is left out: its inport 'callback' carries functions, and packets here are JSON",
      "NoFlo component package 'noflo-core' (noflo_component_packages): component 'core/ReadGlobal' is left out: it reads the service process's globals, which graph authors must not see",
      "NoFlo component package 'noflo-core' (noflo_component_packages): component 'core/ReadEnv' is left out: it reads the service's environment variables, which graph authors must not see",
    ]);
    expect(outcome.added.map((definition) => definition.id)).toContain('core/Copy');
  });

  describe('in a library of the tests’ own', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'noflo-odd-'));
      const library = join(dir, 'node_modules', 'noflo-odd');
      mkdirSync(join(library, 'components'), { recursive: true });
      mkdirSync(join(library, 'graphs'));
      symlinkSync(realpathSync(join(ROOT, 'node_modules', 'noflo')), join(dir, 'node_modules', 'noflo'));
      writeFileSync(join(library, 'package.json'), JSON.stringify({ name: 'noflo-odd', version: '1.0.0', dependencies: { noflo: '*' } }));
      writeFileSync(join(library, 'components', 'Legacy.js'), LEGACY);
      writeFileSync(join(library, 'components', 'Fine.js'), FINE);
      writeFileSync(join(library, 'graphs', 'Broken.fbp'), BROKEN_GRAPH);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('refuses a graph whose components are missing, by name, and loads the others, a legacy component among them', async () => {
      // NoFlo warns of a legacy component when it loads one.
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { actors, refused } = await loadNofloComponentActors(['noflo-odd'], dir).finally(() => warn.mockRestore());
      expect(refused).toEqual([
        { name: 'odd/Broken', package: 'noflo-odd', reason: expect.stringMatching(/^it could not be loaded: Component odd\/Nowhere not available/) as unknown },
      ]);
      expect(actors.map((definition) => definition.id).sort()).toEqual(['odd/Fine', 'odd/Legacy']);
      const { result, received } = await runFlow(actors, {
        processes: { legacy: { component: 'odd/Legacy' } },
        connections: [
          { data: 'a', tgt: { process: 'legacy', port: 'in' } },
          { data: 'b', tgt: { process: 'legacy', port: 'in' } },
        ],
        collect: ['legacy.out'],
      });
      expect(result.success).toBe(true);
      expect(received['legacy.out']).toEqual([['a'], ['b']]);
    });
  });
});
