import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, WES_BIN, runCli, startCli } from '../support/cli-process';
import { clockGraph, httpGetGraph, multiplyGraph } from '../support/graphs';
import { type SlowServer, startSlowServer } from '../support/slow-server';
import { waitFor } from '../support/wait-for';
import { type RunResult } from '../../model';

/** `wes run` in its own process, the engine in that process: stdout, stderr and exit codes as a shell sees them. */
describe('wes run, in process', () => {
  let dir: string;
  let slow: SlowServer;
  const file = (name: string) => join(dir, name);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wes-run-'));
    slow = await startSlowServer(60_000);
    await writeFile(file('multiply.json'), JSON.stringify(multiplyGraph()));
    await writeFile(file('multiply.fbp'), 'INPORT=mul.A_IN:X\nINPORT=mul.B_IN:Y\nOUTPORT=mul.RESULT_OUT:PRODUCT\nmul(tpl_math_multiply:precision=2)\n');
    await writeFile(file('clock.json'), JSON.stringify(clockGraph()));
    await writeFile(file('inputs.json'), JSON.stringify({ x: 2, y: 100 }));
    await writeFile(file('slow.json'), JSON.stringify(httpGetGraph(slow.url)));
    await writeFile(
      file('fails.json'),
      JSON.stringify({
        properties: { name: 'fails' },
        processes: { boom: { component: 'tpl_javascript_script', metadata: { config: { script: "throw new Error('the input was ' + data)" } } } },
        connections: [{ data: 7, tgt: { process: 'boom', port: 'data-in' } }],
        outports: { result: { process: 'boom', port: 'result-out' } },
      }),
    );
    await writeFile(
      file('python-raises.json'),
      JSON.stringify({
        properties: { name: 'python-raises' },
        processes: {
          calc: {
            component: 'tpl_python_script',
            metadata: { config: { script: 'n = data + 1\nlabel = "total"\nraise ValueError("no " + label + " for " + str(n))\nreturn n' } },
          },
        },
        connections: [{ data: 1, tgt: { process: 'calc', port: 'data-in' } }],
        outports: { result: { process: 'calc', port: 'result-out' } },
      }),
    );
    await writeFile(file('unknown.json'), JSON.stringify({ processes: { a: { component: 'no_such_actor' } }, connections: [] }));
  });
  afterAll(async () => {
    await slow.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs an engine graph, prints its outputs as JSON on stdout and plain progress lines on stderr, and exits 0', async () => {
    const run = await runCli(['run', file('multiply.json'), '--input', 'x=3', '-i', 'y=4.5']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ product: 13.5 });
    expect(run.stderr).toMatch(/^Started execution [0-9a-f-]{36} \(multiply\)\n/);
    expect(run.stderr).toContain('Node mul done (1/1)\n');
    expect(run.stderr).toMatch(/Completed in \d+:\d\d\.\d: 1\/1 nodes, 0 packets\n$/);
  });

  it('runs .fbp text with inputs from a file, the --input pairs winning, and prints the whole result with --result', async () => {
    const run = await runCli(['run', file('multiply.fbp'), '--input-file', file('inputs.json'), '-i', 'y=4', '--result', '--quiet']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: true, outputs: { product: 8 }, errors: [], nodes_executed: 1 });
    expect(run.stderr).toBe('');
  });

  it('runs an IDE workflow through the same conversion as the service', async () => {
    const run = await runCli(['run', 'test/fixtures/ide/subgraph.json', '--quiet']);
    expect(run.code).toBe(0);
    expect(Object.values(JSON.parse(run.stdout))).toContain(6.48);
  });

  it('prints every packet of every output with --collect all, and refuses an output the workflow does not have', async () => {
    const run = await runCli(['run', 'test/fixtures/ide/script-loop.json', '--quiet', '--collect', 'all']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      'tpl_loop-1733227204222-x7z8a9s0d.index-out': [0, 1, 2],
      'tpl_data_transformer-1733227208333-f1g2h3j4k.transformed-out': [1, 2, 3].map((i) => ({ sku: `INV-${i}`, total: i * 25 })),
    });
    const unknown = await runCli(['run', file('multiply.json'), '-i', 'x=1', '-i', 'y=2', '--collect', 'sum']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain("collect.sum: The graph has no output 'sum' (it has 'product')");
  });

  it('names the IDE workflow and each node by its IDE title with its id in brackets, and the result carries the titles while outputs keep their ids', async () => {
    const run = await runCli(['run', 'test/fixtures/ide/subgraph.json', '--result']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^Started execution \S+ \(Square root of a rounded magnitude\)\n/);
    expect(run.stderr).toContain('Node Square Root [tpl_math_sqrt-1733313639000-s3t4u5v6w] done (');
    expect(run.stderr).toContain('Node Normalise [subgraph-1733313634999-o0p1q2r] done (');
    const result = JSON.parse(run.stdout) as RunResult;
    expect(result.outputs['tpl_math_sqrt-1733313639000-s3t4u5v6w.result-out']).toBe(6.48);
    expect(result.names).toMatchObject({
      workflow_name: 'Square root of a rounded magnitude',
      nodes: { 'tpl_math_sqrt-1733313639000-s3t4u5v6w': 'Square Root', 'subgraph-1733313634999-o0p1q2r': 'Normalise' },
      outputs: { 'tpl_math_sqrt-1733313639000-s3t4u5v6w.result-out': 'Square Root: result-out' },
    });
  });

  it("counts the nodes as the result's nodes_executed does, a composite node once", async () => {
    const run = await runCli(['run', 'test/fixtures/ide/nested-subgraph.json', '--result']);
    expect(run.code).toBe(0);
    const { nodes_executed: executed } = JSON.parse(run.stdout) as { nodes_executed: number };
    expect(executed).toBe(3);
    expect(run.stderr).toMatch(new RegExp(`Completed in \\d+:\\d\\d\\.\\d: ${executed}/${executed} nodes, \\d+ packets\\n$`));
  });

  it("converts in process against the server's configured catalogue, the operator's actor packages included", async () => {
    const workflow = {
      id: 'w1',
      name: 'Greeting',
      graphs: [{ id: 'main', name: 'Main', isMain: true, nodes: [{ id: 'greet-1', metadata: { templateId: 'fixture/greet' } }], connections: [] }],
    };
    await writeFile(file('greet-ide.json'), JSON.stringify(workflow));
    const converted = await runCli(['convert', file('greet-ide.json')], {
      cwd: join(REPO_ROOT, 'test', 'fixtures', 'actor-packages'),
      env: { ENGINE_ACTOR_PACKAGES: './greeter' },
    });
    expect(converted).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(converted.stdout)).toMatchObject({ unsupported_actors: [], engine_graph: { processes: { 'greet-1': { component: 'fixture/greet' } } } });
  });

  it('exits 1 when the run fails, printing what it produced and naming the failed node and its error', async () => {
    const run = await runCli(['run', file('fails.json')]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({});
    expect(run.stderr).toContain('Node boom failed: the input was 7\n');
    expect(run.stderr).toMatch(/Failed after .*: 1\/1 nodes, 0 packets, 1 failed\n {2}boom: the input was 7\n$/);
  });

  it('warns naming the exported inports no input feeds, and exits 1 naming input.<name> as the engine refuses a run whose required port only a missing input would feed', async () => {
    const missing = await runCli(['run', file('multiply.json'), '-i', 'x=3']);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toMatch(/^Warning: no input feeds the exported inport 'y' \(give --input NAME=VALUE\)\nwes: Invalid graph: Input 'y' is missing/);
    expect(missing.stderr).toMatch(/^ {2}input\.y: Input 'y' is missing/m);
    expect(missing.stderr).toContain("required port 'b-in' of node 'mul'");
    expect(missing.stderr).not.toContain('Started execution');
  });

  it('warns naming an exported inport no input feeds and runs when its port is not required', async () => {
    const optional = await runCli(['run', file('clock.json')]);
    expect(optional.code).toBe(0);
    expect(optional.stderr).toMatch(/^Warning: no input feeds the exported inport 'when' \(give --input NAME=VALUE\)\nStarted execution /);
  });

  it('names the line of the Python script that raised, as the user wrote it', async () => {
    const run = await runCli(['run', file('python-raises.json')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Node calc failed: ValueError: no total for 2 (line 3)\n');
  });

  it('exits 1, as validate does, with every issue the engine finds when it refuses a graph, and prints nothing on stdout', async () => {
    const run = await runCli(['run', file('unknown.json')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain("wes: Invalid graph: the catalogue has no component 'no_such_actor'");
    expect(run.stderr).toContain('graph_json.processes.a.component');
  });

  it('exits 2 naming the mistake for a missing file, a malformed --input or an unknown option', async () => {
    const missing = await runCli(['run', file('nothing-here.json')]);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain(`Cannot read ${file('nothing-here.json')}: no such file`);
    const pair = await runCli(['run', file('multiply.json'), '--input', 'x']);
    expect(pair).toMatchObject({ code: 2, stderr: "wes: --input takes key=value, not 'x'\n" });
    const option = await runCli(['run', file('multiply.json'), '--colour']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("unknown option '--colour'");
  });

  it('cancels the run on SIGINT while it waits on a slow server, closes that request, and exits 130', async () => {
    const before = slow.requests;
    const cli = startCli(['run', file('slow.json')]);
    await waitFor(() => slow.requests > before, { what: 'the run to call the slow server', timeoutMs: 15_000 });
    cli.child.kill('SIGINT');
    const run = await cli.done;
    expect(run.code).toBe(130);
    expect(JSON.parse(run.stdout)).toEqual({});
    expect(run.stderr).toContain('Cancelling the run (Ctrl-C again to quit at once)\n');
    expect(run.stderr).toMatch(/Cancelled after .*: 1\/1 nodes, 0 packets\n {2}Cancelled from the command line\n$/);
    await waitFor(() => slow.aborted > 0, { what: 'the slow request to be closed' });
  });

  it('starts through the launcher as an executable, as npx runs it', async () => {
    const help = spawnSync(WES_BIN, ['--help'], { cwd: dir, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: wes [options] [command]');
    expect(help.stdout).toMatch(/run \[options\] <file>/);
  });

  it("prints the package's version with --version and exits 0", async () => {
    const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await runCli(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});
