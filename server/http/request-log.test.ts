import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLog } from './request-log';
import { errorMiddleware } from './error-middleware';
import { AppError } from '../errors';

/** An app answering 200 on /ok and 503 on /down, logging to lines kept in memory at `level`. */
function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestLog(pino({ level }, sink)));
  app.get('/ok', (_req, res) => res.json({ ok: true }));
  app.get('/down', (_req, res) => res.status(503).json({ ok: false }));
  app.get('/draining', () => {
    throw new AppError('UNAVAILABLE', 'The service is shutting down and accepts no new executions');
  });
  app.get('/broken', () => {
    throw new Error('a bug');
  });
  app.use(errorMiddleware(pino({ level: 'silent' })));
  return { app, lines };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the request log above info level', () => {
  it('writes no line for a successful answer but still gives it a request id', async () => {
    const { app, lines } = appLoggingAt('warn');
    const response = await request(app).get('/ok').set('x-request-id', 'quiet-1');
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toBe('quiet-1');
    await settle();
    expect(lines).toEqual([]);
  });

  it('writes an error line for a 5xx answer, shaped as at info level', async () => {
    const { app, lines } = appLoggingAt('warn');
    const response = await request(app).get('/down?access_token=secret-in-query');
    expect(response.status).toBe(503);
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await settle();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        req: { id, method: 'GET', path: '/down' },
        res: { statusCode: 503 },
        responseTime: expect.any(Number),
        msg: 'GET /down 503',
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-in-query');
  });

  it('writes nothing at all when silent', async () => {
    const { app, lines } = appLoggingAt('silent');
    expect((await request(app).get('/down')).status).toBe(503);
    await settle();
    expect(lines).toEqual([]);
  });

  it('logs every answer at info level through the full logger', async () => {
    const { app, lines } = appLoggingAt('info');
    expect((await request(app).get('/ok').set('x-request-id', 'loud-1')).status).toBe(200);
    await settle();
    expect(lines).toEqual([expect.objectContaining({ level: 30, req: { id: 'loud-1', method: 'GET', path: '/ok' }, res: { statusCode: 200 } })]);
  });
});

describe('answers that ask the client to come back later', () => {
  it('are logged at info, not as errors, with their Retry-After; a failure of the service stays an error', async () => {
    const { app, lines } = appLoggingAt('info');
    const draining = await request(app).get('/draining');
    expect(draining.status).toBe(503);
    expect(draining.headers['retry-after']).toBe('5');
    expect(draining.body).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect((await request(app).get('/broken')).status).toBe(500);
    await settle();
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, res: { statusCode: 503 }, msg: 'GET /draining 503' }),
      expect.objectContaining({ level: 50, res: { statusCode: 500 }, msg: 'GET /broken 500' }),
    ]);
  });

  it('write no line above info level', async () => {
    const { app, lines } = appLoggingAt('warn');
    expect((await request(app).get('/draining')).status).toBe(503);
    expect((await request(app).get('/broken')).status).toBe(500);
    await settle();
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'GET /broken 500' })]);
  });
});
