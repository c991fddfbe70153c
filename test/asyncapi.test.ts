import { readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import WebSocket from 'ws';
import { ClientMessageSchema, ServerMessageSchema } from '../contract';
import { API_EXAMPLES, CLIENT_MESSAGE_EXAMPLES, SERVER_MESSAGE_EXAMPLES } from '../contract/examples';
import { ASYNCAPI_PATH, asyncApiText } from '../scripts/generate-openapi';
import { REPLY_TO } from '../server/openapi';
import { documentValidator } from './support/document-validator';
import { type TestApp, startTestApp } from './support/test-app';

interface Message {
  type: string;
  execution_id?: string;
  request_id?: string;
  success?: boolean;
  event?: { _type: string; result?: { outputs?: unknown } };
}

const document = JSON.parse(asyncApiText()) as {
  components: { messages: Record<string, { payload: unknown }> };
  operations: Record<string, { action: string; messages: { $ref: string }[]; reply?: { messages: { $ref: string }[] } }>;
};
const validator = documentValidator(document);
const payloadErrors = (message: Message) =>
  validator.errors(`/components/messages/${message.type}/payload`, message).map((e) => `${message.type}${e.instancePath} ${e.message}`);
const typesOf = (union: typeof ClientMessageSchema | typeof ServerMessageSchema) => union.options.map((option) => option.shape.type.value as string);

/** A WebSocket whose messages can be awaited one at a time, in order. */
async function openSocket(url: string) {
  const socket = new WebSocket(url);
  const inbox: Message[] = [];
  let wake = (): void => undefined;
  socket.on('message', (data) => {
    inbox.push(JSON.parse(String(data)) as Message);
    wake();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    /** The next message that `matches`, skipping others. */
    async next(matches: (message: Message) => boolean): Promise<Message> {
      for (;;) {
        const index = inbox.findIndex(matches);
        if (index >= 0) return inbox.splice(index, 1)[0];
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

describe('the AsyncAPI document of /ws', () => {
  it('is committed exactly as the contract generates it (run `npm run openapi` after changing the contract)', () => {
    expect(readFileSync(ASYNCAPI_PATH, 'utf8')).toBe(asyncApiText());
  });

  it('is a valid AsyncAPI 3 document for @asyncapi/parser, without a single diagnostic', async () => {
    const { document: parsed, diagnostics } = await new Parser().parse(asyncApiText());
    expect(diagnostics.map((d) => `${d.path.join('.')}: ${d.message}`)).toEqual([]);
    expect(parsed?.version()).toBe('3.1.0');
    expect(
      parsed
        ?.channels()
        .all()
        .map((channel) => channel.address()),
    ).toEqual(['/ws']);
  });

  it("has a message for every type of the contract's unions, and an operation with its reply for each client message", () => {
    expect(Object.keys(document.components.messages).sort()).toEqual([...typesOf(ClientMessageSchema), ...typesOf(ServerMessageSchema)].sort());
    const replies = Object.values(document.operations)
      .filter((operation) => operation.action === 'receive')
      .map((operation) => [operation.messages[0].$ref.split('/').at(-1), operation.reply?.messages[0].$ref.split('/').at(-1)]);
    expect(Object.fromEntries(replies)).toEqual(REPLY_TO);
  });

  it("gives examples that the contract's schemas and the document's payload schemas both accept", () => {
    const examples = [...Object.values(CLIENT_MESSAGE_EXAMPLES), ...Object.values(SERVER_MESSAGE_EXAMPLES)].flat().map(({ payload }) => payload as Message);
    expect(examples.length).toBeGreaterThanOrEqual(typesOf(ClientMessageSchema).length + typesOf(ServerMessageSchema).length);
    expect(examples.flatMap(payloadErrors)).toEqual([]);
    for (const payload of examples) {
      const schema = typesOf(ClientMessageSchema).includes(payload.type) ? ClientMessageSchema : ServerMessageSchema;
      expect(schema.safeParse(payload).success).toBe(true);
    }
  });

  describe('played against the service', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ config: { auth_tokens: ['a-token-of-sixteen-chars'] } });
    });
    afterAll(() => app.close());

    it('is served at /asyncapi.json without a token, like /openapi.json, while other routes ask one', async () => {
      const served = await fetch(`${app.url}/asyncapi.json`);
      expect(served.status).toBe(200);
      expect(await served.json()).toEqual(document);
      expect((await fetch(`${app.url}/openapi.json`)).status).toBe(200);
      expect((await fetch(`${app.url}/workflows`)).status).toBe(401);
    });

    it('answers each client example, sent in order on one socket, with the reply the document names and payloads its schemas accept', async () => {
      const slow = API_EXAMPLES.startWorkflow.body.slowMultiply.value;
      const headers = { authorization: 'Bearer a-token-of-sixteen-chars', 'content-type': 'application/json' };
      expect((await fetch(`${app.url}/workflows`, { method: 'POST', headers, body: JSON.stringify(slow) })).status).toBe(200);
      const { socket, next } = await openSocket(`${app.wsUrl}?access_token=a-token-of-sixteen-chars`);
      const received: Message[] = [];
      const started = CLIENT_MESSAGE_EXAMPLES.start_workflow[0].payload.data.metadata?.execution_id;
      for (const { payload } of Object.values(CLIENT_MESSAGE_EXAMPLES).flat()) {
        socket.send(JSON.stringify(payload));
        const reply = await next((m) => m.type === REPLY_TO[payload.type] && m.request_id === payload.request_id);
        received.push(reply);
        expect(reply).toEqual(expect.objectContaining({ success: true }));
        if (payload.type !== 'subscribe_workflow') continue;
        const ofIt = (m: Message) => m.type === 'network_event' && m.execution_id === payload.execution_id;
        received.push(await next(ofIt));
        if (payload.execution_id !== started) continue;
        let last: Message;
        do received.push((last = await next(ofIt)));
        while (last.event?._type !== 'Completed');
        expect(last.event.result?.outputs).toEqual({ product: 13.5 });
      }
      socket.close();
      expect(received.map((m) => m.type)).toEqual(expect.arrayContaining(Object.values(REPLY_TO)));
      expect(received.flatMap(payloadErrors)).toEqual([]);
    });
  });
});
