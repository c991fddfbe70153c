import WebSocket from 'ws';
import { type ExecutionEvent, WorkflowSocket } from '../client';
import { httpGetGraph, multiplyGraph } from './support/graphs';
import { type SlowServer, startSlowServer } from './support/slow-server';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

async function collect(stream: AsyncIterable<ExecutionEvent>): Promise<ExecutionEvent[]> {
  const events: ExecutionEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const seqs = (events: ExecutionEvent[]) => events.map((e) => e.seq);

describe('the WebSocket channel', () => {
  let app: TestApp;
  let slow: SlowServer;
  const sockets: WorkflowSocket[] = [];
  const connect = async () => {
    const socket = await WorkflowSocket.connect(app.wsUrl, { WebSocket });
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    app = await startTestApp();
    slow = await startSlowServer(30_000);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await app.close();
    await slow.close();
  });

  it('starts a workflow and replays its whole log from seq 1 to the terminal event', async () => {
    const socket = await connect();
    const started = await socket.start({ graph_json: multiplyGraph(), input: { x: 6, y: 7 } });
    expect(started).toMatchObject({ type: 'workflow_started', success: true, execution_id: expect.any(String) });
    const events = await collect(socket.subscribe(started.execution_id!));
    expect(seqs(events)).toEqual(events.map((_, i) => i + 1));
    expect(events[events.length - 1]).toMatchObject({ _type: 'Completed', result: { outputs: { product: 42 } } });
    const { data } = await app.client.getWorkflow(started.execution_id!);
    expect(data!.data.source).toBe('websocket');
  });

  it('starts a graph given as .fbp text, and refuses a frame with no graph', async () => {
    const socket = await connect();
    const graph_fbp = "INPORT=mul.A_IN:X\nOUTPORT=mul.RESULT_OUT:PRODUCT\n'7' -> B_IN mul(tpl_math_multiply)";
    const started = await socket.start({ graph_fbp, input: { x: 6 } });
    expect(started).toMatchObject({ type: 'workflow_started', success: true });
    const events = await collect(socket.subscribe(started.execution_id!));
    expect(events.at(-1)).toMatchObject({ _type: 'Completed', result: { outputs: { product: 42 } } });
    const refused = await socket.start({ input: {} });
    expect(refused).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      error: expect.stringContaining('Give the graph as graph_json or as graph_fbp'),
    });
  });

  it('replays from from_seq without gaps or duplicates', async () => {
    const socket = await connect();
    const { execution_id } = await socket.start({ graph_json: multiplyGraph(), input: { x: 1, y: 2 } });
    await app.client.waitForCompletion(execution_id!);
    const all = await collect(socket.subscribe(execution_id!));
    const tail = await collect(socket.subscribe(execution_id!, { fromSeq: 3 }));
    expect(seqs(tail)).toEqual(seqs(all).slice(2));
    expect(tail).toEqual(all.slice(2));
  });

  it('sends every event as a text frame of its own, the same event to each subscriber', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 2, y: 5 } });
    const executionId = data!.data.execution_id;
    await waitFor(async () => (await app.client.getWorkflow(executionId)).data!.data.status === 'completed', { what: 'the run' });
    const receive = () =>
      new Promise<{ text: string; binary: boolean }[]>((resolve, reject) => {
        const raw = new WebSocket(app.wsUrl);
        const frames: { text: string; binary: boolean }[] = [];
        raw.on('open', () => raw.send(JSON.stringify({ type: 'subscribe_workflow', execution_id: executionId })));
        raw.on('message', (message: Buffer, binary: boolean) => {
          const text = message.toString();
          if ((JSON.parse(text) as { type: string }).type !== 'network_event') return;
          frames.push({ text, binary });
          if (text.includes('"_type":"Completed"')) {
            raw.close();
            resolve(frames);
          }
        });
        raw.on('error', reject);
      });
    const [one, two] = await Promise.all([receive(), receive()]);
    for (const frames of [one, two]) {
      expect(frames.every((frame) => !frame.binary)).toBe(true);
      const messages = frames.map((frame) => JSON.parse(frame.text) as { execution_id: string; timestamp: number; event: { seq: number } });
      expect(messages.map((message) => message.event.seq)).toEqual(messages.map((_, i) => i + 1));
      expect(messages.every((message) => message.execution_id === executionId && Number.isInteger(message.timestamp))).toBe(true);
    }
    expect(one.map((frame) => JSON.parse(frame.text).event)).toEqual(two.map((frame) => JSON.parse(frame.text).event));
  });

  it('gives two subscribers of a running execution every event, live', async () => {
    const first = await connect();
    const second = await connect();
    const { execution_id } = await first.start({ graph_json: httpGetGraph(slow.url), input: {} });
    const streams = [collect(first.subscribe(execution_id!)), collect(second.subscribe(execution_id!))];
    await waitFor(() => slow.requests > 0, { what: 'the slow request' });
    const cancelled = await second.cancel(execution_id!);
    expect(cancelled).toMatchObject({ type: 'workflow_cancelled', success: true, execution_id });
    const [a, b] = await Promise.all(streams);
    expect(a).toEqual(b);
    expect(seqs(a)).toEqual(a.map((_, i) => i + 1));
    expect(a[a.length - 1]._type).toBe('Cancelled');
    expect((await app.client.getWorkflow(execution_id!)).data!.data.status).toBe('cancelled');
  });

  it('answers every kind of bad frame with success false, and keeps the socket open', async () => {
    const socket = await connect();
    const frames = ['not json', JSON.stringify({ type: 'dance' }), JSON.stringify({ type: 'subscribe_workflow' }), JSON.stringify([1, 2])];
    for (const frame of frames) {
      socket.sendRaw(frame);
      const reply = await socket.nextUnpaired();
      expect(reply).toMatchObject({ type: 'error', success: false, error: expect.any(String), code: 'VALIDATION_FAILED' });
    }
    const unknown = await collect(socket.subscribe('no-such-execution')).catch((e: Error) => e);
    expect(unknown).toBeInstanceOf(Error);
    expect((unknown as Error).message).toContain("Execution 'no-such-execution' not found");
    const cancel = await socket.cancel('no-such-execution');
    expect(cancel).toMatchObject({ type: 'workflow_cancelled', success: false, code: 'NOT_FOUND' });
    const started = await socket.start({ graph_json: { processes: { x: { component: 'tpl_nope' } }, connections: [] }, input: {} });
    expect(started).toMatchObject({ type: 'workflow_started', success: false, code: 'VALIDATION_FAILED', error: expect.stringContaining('tpl_nope') });
    const ok = await socket.start({ graph_json: multiplyGraph(), input: { x: 1, y: 1 } });
    expect(ok.success).toBe(true);
  });

  it('names an unknown message type in its reply', async () => {
    const socket = await connect();
    socket.sendRaw(JSON.stringify({ type: 'dance' }));
    expect(await socket.nextUnpaired()).toMatchObject({ error: "Unknown message type 'dance'" });
  });

  it('answers a cancel of a finished execution with success false and leaves it completed', async () => {
    const socket = await connect();
    const { execution_id } = await socket.start({ graph_json: multiplyGraph(), input: { x: 1, y: 1 } });
    await app.client.waitForCompletion(execution_id!);
    const reply = await socket.cancel(execution_id!);
    expect(reply).toMatchObject({ type: 'workflow_cancelled', success: false, code: 'CONFLICT', execution_id });
    expect((await app.client.getWorkflow(execution_id!)).data!.data.status).toBe('completed');
  });

  it('leaves nothing behind when a subscribed client disconnects', async () => {
    // Each watch the server takes is recorded with its release, through the service's own watch.
    const watches = new Map<string, number>();
    const watch = app.executions.watch.bind(app.executions);
    const spy = jest.spyOn(app.executions, 'watch').mockImplementation((id, listener) => {
      watches.set(id, (watches.get(id) ?? 0) + 1);
      const stop = watch(id, listener);
      return () => {
        watches.set(id, (watches.get(id) ?? 0) - 1);
        stop();
      };
    });
    try {
      const socket = await connect();
      const { execution_id } = await socket.start({ graph_json: httpGetGraph(slow.url), input: {} });
      const stream = socket.subscribe(execution_id!);
      const first = await stream.next();
      expect(first.value).toMatchObject({ seq: 1 });
      expect(watches.get(execution_id!)).toBe(1);
      socket.close();
      await waitFor(() => watches.get(execution_id!) === 0, { what: 'the watcher to go' });
      await app.client.cancelWorkflow(execution_id!);
    } finally {
      spy.mockRestore();
    }
  });
});
