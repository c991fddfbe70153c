import { type Server, createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { answerClientError } from './client-error';

/** Sends a request with http.request and gives its status, or the code of the error that ended it. */
function send(port: number, method: string, headers: Record<string, string>, body: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path: '/x', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end(body);
  });
}

describe('answering requests the HTTP parser refuses', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    server.on('clientError', answerClientError);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers 400 to a method HTTP does not define, even while the client still sends a large body', async () => {
    expect(await send(port, 'FOO', { 'content-type': 'application/json' }, `{"big":"${'x'.repeat(200_000)}"}`)).toBe(400);
    expect(await send(port, 'GET', {}, '')).toBe(200);
  });

  it('answers 431 to a head larger than the server takes, and ends the connection', async () => {
    const text = await new Promise<string>((resolve) => {
      let answer = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET /x HTTP/1.1\r\nHost: a\r\nX-Big: ${'y'.repeat(64 * 1024)}\r\n\r\n`));
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', () => resolve(answer));
    });
    expect(text).toBe('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
});
