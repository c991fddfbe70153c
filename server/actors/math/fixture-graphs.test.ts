import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCatalogue, runGraph } from '../../engine';
import { inputActors } from '../inputs';
import { mathActors } from './index';

const catalogue = createCatalogue([...mathActors, ...inputActors]);

interface Fixture {
  request: { graph_json: unknown; input: Record<string, never>; metadata: { workflow_id: string } };
  expected: { status: string; outputs: Record<string, unknown> };
}

function fixture(name: string): Fixture {
  return JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/graphs', name), 'utf8')) as Fixture;
}

describe('fixture graphs built from math and input actors', () => {
  it.each(['multiply.json', 'fanout-iip.json'])('%s gives exactly its expected outputs', async (name) => {
    const { request, expected } = fixture(name);
    const { result } = await runGraph(request.graph_json, catalogue, { executionId: 'e', workflowId: request.metadata.workflow_id, input: request.input });
    expect(result.success ? 'completed' : 'failed').toBe(expected.status);
    expect(result.outputs).toEqual(expected.outputs);
  });
});
