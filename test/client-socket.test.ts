import { once } from 'node:events';
import { type AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { ConnectionClosedError, type ExecutionEvent, SubscriptionClosedError, WorkflowSocket, createWorkflowClient } from '../client';
import { httpGetGraph, multiplyGraph } from './support/graphs';
import { startRestartableApp } from './support/restartable-app';
import { type SlowServer, startSlowServer } from './support/slow-server';
import { type TestApp, startTestApp } from './support/test-app';

const seqs = (events: ExecutionEvent[]) => events.map((event) => event.seq);

describe('WorkflowSocket', () => {
  let app: TestApp;
  let slow: SlowServer;
  beforeAll(async () => {
    app = await startTestApp();
    slow = await startSlowServer(1500);
  });
  afterAll(async () => {
    await app.close();
    await slow.close();
  });

  it('opens without a WebSocket option on Node 20, through the ws package', async () => {
    const socket = await WorkflowSocket.connect(app.wsUrl);
    try {
      const started = await socket.start({ graph_json: multiplyGraph(), input: { x: 6, y: 7 } });
      expect(started).toMatchObject({ type: 'workflow_started', success: true });
    } finally {
      socket.close();
    }
  });

  it('takes over a socket the caller opened with the ws package', async () => {
    const socket = await WorkflowSocket.attach(new WebSocket(app.wsUrl));
    try {
      const { execution_id } = await socket.start({ graph_json: multiplyGraph(), input: { x: 2, y: 4 } });
      const events: ExecutionEvent[] = [];
      for await (const event of socket.subscribe(execution_id!)) events.push(event);
      expect(events.at(-1)).toMatchObject({ _type: 'Completed', result: { outputs: { product: 8 } } });
    } finally {
      socket.close();
    }
  });

  it('lets two loops follow one execution on one socket, each from its own seq, and a client wait over it too', async () => {
    const socket = await WorkflowSocket.connect(app.wsUrl, { WebSocket });
    try {
      const { execution_id } = await socket.start({ graph_json: httpGetGraph(slow.url), input: {} });
      const collect = async (fromSeq: number) => {
        const events: ExecutionEvent[] = [];
        for await (const event of socket.subscribe(execution_id!, { fromSeq })) events.push(event);
        return events;
      };
      const client = createWorkflowClient({ baseUrl: app.url, socket });
      const [all, tail, execution] = await Promise.all([collect(1), collect(3), client.waitForCompletion(execution_id!)]);
      expect(seqs(all)).toEqual(all.map((_, i) => i + 1));
      expect(tail).toEqual(all.slice(2));
      expect(execution.status).toBe('completed');
    } finally {
      socket.close();
    }
  });

  it('rejects the requests in flight when the server closes the socket before replying, and refuses later ones', async () => {
    // A server that reads a frame and goes away without a reply: the service itself cannot be made to fail so on cue.
    const silent = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(silent, 'listening');
    silent.on('connection', (ws) => ws.once('message', () => setTimeout(() => ws.close(1011, 'gone without a reply'), 50)));
    const socket = await WorkflowSocket.connect(`ws://127.0.0.1:${(silent.address() as AddressInfo).port}`, { WebSocket });
    try {
      const start = socket.start({ graph_json: multiplyGraph(), input: {} });
      const cancel = socket.cancel('some-execution');
      await expect(start).rejects.toBeInstanceOf(ConnectionClosedError);
      await expect(cancel).rejects.toMatchObject({ closeCode: 1011, closeReason: 'gone without a reply' });
      expect(socket.state).toBe('closed');
      await expect(socket.start({ graph_json: multiplyGraph(), input: {} })).rejects.toThrow('The WebSocket is closed; start_workflow was not sent');
    } finally {
      socket.close();
      silent.close();
    }
  });

  it('ends a subscription with SubscriptionClosedError naming the last seq received when the socket drops and reconnect is off', async () => {
    const server = await startRestartableApp();
    const socket = await WorkflowSocket.connect(server.wsUrl, { WebSocket });
    try {
      const { execution_id } = await socket.start({ graph_json: httpGetGraph(slow.url), input: {} });
      const events: ExecutionEvent[] = [];
      const failure = await (async () => {
        for await (const event of socket.subscribe(execution_id!)) {
          events.push(event);
          if (event._type === 'ActorStarted') await server.drop();
        }
      })().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SubscriptionClosedError);
      expect(failure).toMatchObject({ lastSeq: events.at(-1)!.seq, closeCode: 1001 });
    } finally {
      socket.close();
      await server.close();
    }
  });

  it('reconnects when the server drops the socket and resumes the subscription from the next seq, without a gap or a repeat', async () => {
    const server = await startRestartableApp();
    const socket = await WorkflowSocket.connect(server.wsUrl, { WebSocket, reconnect: { minDelayMs: 50 } });
    try {
      const { execution_id } = await socket.start({ graph_json: httpGetGraph(slow.url), input: {} });
      const events: ExecutionEvent[] = [];
      let beforeDrop = 0;
      for await (const event of socket.subscribe(execution_id!)) {
        events.push(event);
        if (event._type === 'ActorStarted') {
          beforeDrop = events.length;
          await server.drop();
          await server.reopen();
        }
      }
      expect(beforeDrop).toBeGreaterThan(0);
      expect(events.length).toBeGreaterThan(beforeDrop);
      expect(seqs(events)).toEqual(events.map((_, i) => i + 1));
      expect(events.at(-1)).toMatchObject({ _type: 'Completed', result: { success: true } });
      expect(socket.state).toBe('open');
    } finally {
      socket.close();
      await server.close();
    }
  });

  it('holds a request made while it reconnects and sends it once the connection is back', async () => {
    const server = await startRestartableApp();
    const socket = await WorkflowSocket.connect(server.wsUrl, { WebSocket, reconnect: { minDelayMs: 50 } });
    try {
      await server.drop();
      while (socket.state === 'open') await new Promise((resolve) => setTimeout(resolve, 10));
      expect(socket.state).toBe('reconnecting');
      const started = socket.start({ graph_json: multiplyGraph(), input: { x: 3, y: 3 } });
      await server.reopen();
      expect(await started).toMatchObject({ type: 'workflow_started', success: true });
    } finally {
      socket.close();
      await server.close();
    }
  });
});
