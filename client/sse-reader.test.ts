import { type ServerSentEvent, readServerSentEvents } from './sse-reader';

/** A body that arrives in the given chunks, as a network would cut it. */
function body(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(stream: ReadableStream<Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(stream)) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('reads a large event cut into many small chunks whole, with the lines around it', async () => {
    const data = JSON.stringify({ rows: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `name ${i}` })) });
    const text = `id: 1\nevent: Completed\ndata: ${data}\n\nevent: end\ndata: {}\n\n`;
    const chunks = Array.from({ length: Math.ceil(text.length / 1000) }, (_, i) => text.slice(i * 1000, (i + 1) * 1000));
    const events = await read(body(...chunks));
    expect(events.map((event) => event.event)).toEqual(['Completed', 'end']);
    expect(events[0].data).toBe(data);
  });

  it('reads named events with their id and the retry the server asked for, skipping comments', async () => {
    const events = await read(body('retry: 3000\n: a comment\n\nid: 1\nevent: NetworkStarted\ndata: {"seq":1}\n\nevent: end\ndata: {}\n\n'));
    expect(events).toEqual([
      { event: 'NetworkStarted', data: '{"seq":1}', id: '1', retry: 3000 },
      { event: 'end', data: '{}', id: '1', retry: 3000 },
    ]);
  });

  it('joins data lines, names an unnamed event message, and takes CRLF and CR line ends even when a chunk cuts them', async () => {
    const events = await read(body('data: first\r', '\ndata: second\r\n\r', '\ndata:third\r\r'));
    expect(events.map(({ event, data }) => ({ event, data }))).toEqual([
      { event: 'message', data: 'first\nsecond' },
      { event: 'message', data: 'third' },
    ]);
  });

  it('reads a character that a chunk cuts in the middle of its bytes', async () => {
    const bytes = new TextEncoder().encode('data: café\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 9));
        controller.enqueue(bytes.slice(9));
        controller.close();
      },
    });
    expect((await read(stream))[0].data).toBe('café');
  });

  it('drops an event the stream ends in the middle of', async () => {
    expect(await read(body('data: whole\n\ndata: cut off'))).toEqual([{ event: 'message', data: 'whole', id: undefined, retry: undefined }]);
  });
});
