import { type RequestHandler } from 'express';

/**
 * The headers middlewares set on every answer whatever the request (helmet's, cors's with a fixed origin):
 * read once by running them against a response that records them. Throws when one of them does not pass the
 * request on at once, since its headers would then depend on something.
 */
export function staticHeadersOf(middlewares: readonly RequestHandler[]): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const req = { method: 'GET', url: '/', path: '/', headers: {} };
  const res = {
    statusCode: 200,
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), [name, String(value)]),
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  for (const middleware of middlewares) {
    let passed = false;
    middleware(req as never, res as never, (error?: unknown) => {
      if (error !== undefined) throw new Error(`A middleware refused the header probe: ${String(error)}`);
      passed = true;
    });
    if (!passed) throw new Error('A middleware did not pass the header probe on at once');
  }
  return [...headers.values()];
}
