import { z } from 'zod';
import { createCatalogue, defineActor, runGraph } from '../../engine';
import { convertIdeWorkflow } from './convert-ide-workflow';
import { camelConnection, camelGraph, camelNode, ideWorkflow, readIdeFixture, testActors } from '../../../test/support/kits';

const round = (value: number, precision: number) => Math.round(value * 10 ** precision) / 10 ** precision;

const catalogue = createCatalogue([
  defineActor({
    id: 'tpl_number_input',
    inports: {},
    outports: { output: {} },
    config: z.object({ defaultValue: z.number().default(0) }),
    fire: ({ config, send }) => send('output', config.defaultValue),
  }),
  defineActor({
    id: 'tpl_math_absolute',
    inports: { 'value-in': { required: true } },
    outports: { 'result-out': {} },
    fire: ({ inputs, send }) => send('result-out', Math.abs(Number(inputs['value-in']))),
  }),
  defineActor({
    id: 'tpl_math_round',
    inports: { 'value-in': { required: true } },
    outports: { 'result-out': {} },
    config: z.object({ precision: z.number().default(0) }),
    fire: ({ inputs, config, send }) => send('result-out', round(Number(inputs['value-in']), config.precision)),
  }),
  defineActor({
    id: 'tpl_math_sqrt',
    inports: { 'value-in': { required: true } },
    outports: { 'result-out': {}, 'error-out': {} },
    config: z.object({ precision: z.number().default(2) }),
    fire: ({ inputs, config, send }) => send('result-out', round(Math.sqrt(Number(inputs['value-in'])), config.precision)),
  }),
  { ...testActors.graphInput, id: 'graph_input' },
  { ...testActors.graphOutput, id: 'graph_output' },
]);

async function run(workflow: unknown, name: string) {
  const outcome = convertIdeWorkflow(workflow, catalogue);
  if (!outcome.ok) throw new Error(`Expected a conversion, got ${JSON.stringify(outcome.issues)}`);
  return runGraph(outcome.conversion.engine_graph, catalogue, { executionId: 'e-1', workflowId: name });
}

const runFixture = (name: string) => run(readIdeFixture(name), name);

describe('running a converted workflow on the engine', () => {
  it('computes 6.48 through the subgraph fixture', async () => {
    const { result } = await runFixture('subgraph.json');
    expect(result.success).toBe(true);
    expect(result.outputs).toMatchObject({ 'tpl_math_sqrt-1733313639000-s3t4u5v6w.result-out': 6.48 });
  });

  it('computes 6.48 through the nested subgraphs, whose inner ports were renamed to line up', async () => {
    const { result } = await runFixture('nested-subgraph.json');
    expect(result.success).toBe(true);
    expect(result.outputs).toMatchObject({ 'tpl_math_sqrt-1733400058555-x0y1z2a3b.result-out': 6.48 });
  });

  it('delivers what a proxy input receives to its target port inside the subgraph', async () => {
    const proxy = camelNode('proxy_input_1', 'proxy_input', {
      ports: [{ id: 'proxy', type: 'input' }],
      propertyValues: { subgraphId: 'leaf', targetNodeId: 'rnd', targetPortId: 'value-in' },
    });
    const main = camelGraph(
      'main',
      [
        camelNode('num', 'tpl_number_input', { propertyValues: { defaultValue: 41.7 } }),
        proxy,
        camelNode('sub', 'subgraph', { graphId: 'leaf' }),
        camelNode('sqrt', 'tpl_math_sqrt'),
      ],
      [camelConnection('m1', ['num', 'output'], ['proxy_input_1', 'proxy']), camelConnection('m2', ['sub', 'output'], ['sqrt', 'value-in'])],
    );
    const leaf = camelGraph(
      'leaf',
      [camelNode('rnd', 'tpl_math_round'), camelNode('out', 'graph_output')],
      [camelConnection('l1', ['rnd', 'result-out'], ['out', 'data'])],
    );
    const { result } = await run(ideWorkflow([main, leaf]), 'proxy');
    expect(result.success).toBe(true);
    expect(result.outputs).toMatchObject({ 'sqrt.result-out': 6.48 });
  });
});
