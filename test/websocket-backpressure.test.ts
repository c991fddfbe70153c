import WebSocket from 'ws';
import { type TestApp, startTestApp } from './support/test-app';

/** A loop over `count` items of about 1 KB, each made absolute by a second node: many events, fast. */
function chattyGraph(count: number) {
  return {
    properties: { name: 'chatty' },
    processes: {
      loop: { component: 'tpl_loop', metadata: { config: { maxIterations: count } } },
      keep: { component: 'tpl_javascript_script', metadata: { config: { script: 'return data.n' } } },
    },
    connections: [
      { data: Array.from({ length: count }, (_, n) => ({ n, pad: 'x'.repeat(1000) })), to: { nodeId: 'loop', portId: 'items-in' } },
      { from: { nodeId: 'loop', portId: 'item-out' }, to: { nodeId: 'keep', portId: 'data-in' } },
    ],
  };
}

interface Received {
  seqs: number[];
  close: Promise<{ code: number; reason: string }>;
}

/** Subscribes over a raw socket; when `stall` is set, stops reading right after the acknowledgement. */
function subscribe(url: string, executionId: string, fromSeq: number, stall: boolean): Promise<{ ws: WebSocket; received: Received }> {
  const ws = new WebSocket(url);
  const seqs: number[] = [];
  const close = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return new Promise((resolve) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe_workflow', execution_id: executionId, from_seq: fromSeq })));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; event?: { seq: number; _type: string } };
      if (message.type === 'subscription_ack') {
        if (stall) (ws as unknown as { _socket: { pause(): void } })._socket.pause();
        resolve({ ws, received: { seqs, close } });
      }
      if (message.type === 'network_event') {
        seqs.push(message.event!.seq);
        if (['Completed', 'Failed', 'Cancelled'].includes(message.event!._type)) ws.close();
      }
    });
  });
}

describe('a WebSocket subscriber that falls behind', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { ws_max_buffered_bytes: 256 * 1024 } });
  });
  afterAll(() => app.close());

  it('is closed with the last seq it was sent, resumes with from_seq, and loses nothing; the run never waits for it', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: chattyGraph(4000) });
    const id = data!.data.execution_id;
    const slow = await subscribe(app.wsUrl, id, 1, true);
    const fast = await subscribe(app.wsUrl, id, 1, false);

    const execution = await app.client.waitForCompletion(id, { timeoutMs: 60_000 });
    expect(execution.status).toBe('completed');
    const fastClose = await fast.received.close;
    expect(fastClose.code).toBe(1005);

    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    const closed = await slow.received.close;
    expect(closed.code).toBe(4008);
    const lastSeq = Number(/last_seq=(\d+)/.exec(closed.reason)?.[1]);
    expect(lastSeq).toBeGreaterThan(0);
    expect(slow.received.seqs).toEqual(Array.from({ length: lastSeq }, (_, i) => i + 1));

    const rest = await subscribe(app.wsUrl, id, lastSeq + 1, false);
    await rest.received.close;
    const all = [...slow.received.seqs, ...rest.received.seqs];
    const total = fast.received.seqs.length;
    expect(lastSeq).toBeLessThan(total);
    expect(all).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(fast.received.seqs).toEqual(all);
  }, 90_000);
});
