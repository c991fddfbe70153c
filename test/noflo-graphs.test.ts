import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as noflo from 'noflo';
import { createActorCatalogue } from '../server/actors';
import { type JsonValue, type RunResult, readFbpText, runGraph } from '../server/engine';
import { type NofloCore, nofloCore } from './support/noflo-core';
import { testRun } from './support/kits';

/*
 * Graphs NoFlo's users wrote (test/fixtures/noflo/upstream, with their licence), run here and on NoFlo 1.5 itself
 * with noflo-core's components: the same lines printed by core/Output, the same packets on exported outports.
 */

const UPSTREAM = join(__dirname, 'fixtures', 'noflo', 'upstream');
const catalogue = createActorCatalogue();

function fileText(file: string): string {
  return readFileSync(join(UPSTREAM, file), 'utf8');
}

/** A graph as this service reads it: .fbp text through `readFbpText`, JSON as it is. */
function graphOf(source: string, fbp: boolean): unknown {
  if (!fbp) return JSON.parse(source) as unknown;
  const read = readFbpText(source);
  if (!read.ok) throw new Error(read.problem.message);
  return read.graph;
}

/** What a run shows: the lines core/Output printed, and the exported outputs. */
interface Seen {
  readonly printed: string[];
  readonly result: RunResult;
}

async function runHere(source: string, fbp: boolean, input: Record<string, JsonValue> = {}): Promise<Seen> {
  const printed: string[] = [];
  const { result } = await runGraph(graphOf(source, fbp), catalogue, {
    ...testRun,
    input,
    log: (entry) => {
      if (entry.component === 'core/Output') printed.push(entry.message);
    },
  });
  return { printed, result };
}

// core/Output here prints text as it is and other values as JSON: NoFlo's printed packets are compared in that form.
function line(packet: unknown): string {
  return typeof packet === 'string' ? packet : JSON.stringify(packet);
}

async function nofloGraph(source: string, fbp: boolean): Promise<noflo.Graph> {
  return fbp ? noflo.graph.loadFBP(source) : noflo.graph.loadJSON(JSON.parse(source) as never);
}

describe('graphs written for NoFlo', () => {
  let core: NofloCore;
  beforeAll(async () => {
    core = await nofloCore();
  });
  beforeEach(() => {
    core.printed.length = 0;
  });

  async function runOnNoflo(source: string, fbp: boolean, input: Record<string, unknown> = {}): Promise<{ printed: string[]; outputs: unknown }> {
    const outputs = await noflo.asPromise(await nofloGraph(source, fbp), { loader: core.loader })(input);
    return { printed: core.printed.map(line), outputs };
  }

  it.each(['examples-helloworld-hello.fbp', 'nodejs-spec-helloworld.fbp'])('prints what NoFlo prints for %s', async (file) => {
    const here = await runHere(fileText(file), true);
    const there = await runOnNoflo(fileText(file), true);
    expect(here.result.success).toBe(true);
    expect(there.printed.length).toBeGreaterThan(0);
    expect(here.printed).toEqual(there.printed);
  });

  it.each([
    ['spec-subgraph.fbp', true],
    ['loader-node-spec-subgraph.json', false],
  ])('answers each input of %s with the output NoFlo answers', async (file, fbp) => {
    for (const value of ['hello', 3, { a: [1, null] }]) {
      const here = await runHere(fileText(file), fbp, { in: value });
      const there = await runOnNoflo(fileText(file), fbp, { in: value });
      expect(there.outputs).toEqual({ out: value });
      expect(here.result.outputs).toEqual(there.outputs);
    }
  });

  it("runs spec-subgraph_legacy.fbp, whose EXPORT= lines NoFlo 1.5's parser no longer reads, as NoFlo runs its modern form", async () => {
    await expect(noflo.graph.loadFBP(fileText('spec-subgraph_legacy.fbp'))).rejects.toThrow();
    const here = await runHere(fileText('spec-subgraph_legacy.fbp'), true, { in: 'hello' });
    const there = await runOnNoflo(fileText('spec-subgraph.fbp'), true, { in: 'hello' });
    expect(here.result.outputs).toEqual(there.outputs);
  });

  it('runs a lone node as NoFlo does: the network starts, the node never fires, and the run ends', async () => {
    const text = 'Display(core/Output)\n';
    const network = await noflo.createNetwork(await nofloGraph(text, true), { componentLoader: core.loader, delay: true } as never);
    await network.start();
    expect(network.isRunning()).toBe(false);
    await network.stop();
    const here = await runHere(text, true);
    expect(here.result).toMatchObject({ success: true, nodes_executed: 0, outputs: {} });
    expect(here.printed).toEqual(core.printed);
  });

  it('runs connections to slots of addressable ports as NoFlo does, every slot merged in and sent to', async () => {
    const text = "'a' -> IN[0] m(core/Merge)\n'b' -> IN[1] m\nm OUT -> IN s(core/Split)\ns OUT[0] -> IN d(core/Output)\ns OUT[1] -> IN e(core/Output)\n";
    const here = await runHere(text, true);
    const there = await runOnNoflo(text, true);
    expect(there.printed).toHaveLength(4);
    expect([...here.printed].sort()).toEqual([...there.printed].sort());
  });
});
