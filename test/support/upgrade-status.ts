import WebSocket from 'ws';

/** Tries a WebSocket upgrade and resolves with the HTTP status it got: 101 when it opened, else the refusal's status. */
export function upgradeStatus(url: string, headers?: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('error', () => undefined);
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => {
      resolve(101);
      ws.close();
    });
  });
}
