import { type IdeWorkflow } from '../client';
import { defineActor } from '../server/actor-sdk';
import { type AnyActorDefinition } from '../server/engine';
import { type GraphJson } from './support/graphs';
import { type HeldServer, startHeldServer } from './support/held-server';
import { camelGraph, camelNode, ideWorkflow } from './support/kits';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

let held: HeldServer;

/** A package's actor that waits for an HTTP answer through the service's client. */
const waitForAnswer = defineActor({
  id: 'acme/wait-for-answer',
  inports: {},
  outports: { answer: { description: 'The answer body' } },
  effects: 'repeatable',
  fire: async ({ http, send }) => {
    const response = await http.request({ url: `${held.url}?from=package` });
    await send('answer', response.body);
  },
});

const graph = { processes: { wait: { component: 'acme/wait-for-answer' } }, connections: [], outports: { answer: { nodeId: 'wait', portId: 'answer' } } } as unknown as GraphJson;

describe("a package's actors under the service's limits", () => {
  let app: TestApp;

  beforeAll(async () => {
    held = await startHeldServer();
    app = await startTestApp({ packageActors: [waitForAnswer as AnyActorDefinition] });
  });
  afterAll(async () => {
    await app?.close();
    await held?.close();
  });

  it('stops at once when the execution is cancelled, its request aborted', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: graph });
    const id = data!.data.execution_id;
    await waitFor(() => held.held === 1);
    expect((await app.client.cancelWorkflow(id)).response.status).toBe(200);
    expect((await app.client.waitForCompletion(id)).status).toBe('cancelled');
    await waitFor(() => held.held === 0);
  });

  it("fails with the execution's timeout, its request aborted", async () => {
    const { data } = await app.client.startWorkflow({ graph_json: graph, metadata: { timeout_ms: 300 } });
    const execution = await app.client.waitForCompletion(data!.data.execution_id);
    expect(execution.status).toBe('failed');
    expect(execution.result?.errors.map((error) => error.message).join(' ')).toMatch(/time/i);
    await waitFor(() => held.held === 0);
  });

  it('is found by IDE conversion under its id, with its ports', async () => {
    const workflow = ideWorkflow([camelGraph('main', [camelNode('w', 'acme/wait-for-answer')])]);
    const { data, response } = await app.client.convertIdeWorkflow(workflow as IdeWorkflow);
    expect(response.status).toBe(200);
    expect(data?.data.required_actors).toEqual(['acme/wait-for-answer']);
  });
});
