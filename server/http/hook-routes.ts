import { gzipSync } from 'node:zlib';
import express, { type Request, type Response, type Router } from 'express';
import { type DeploymentService, type HookCallOutcome } from '../deployments';
import { AppError, isAppError } from '../errors';
import { type ExecutionService } from '../executions';
import { type JsonObject } from '../engine';
import { success } from '../transport';
import { HOOK_SANDBOX_POLICY, hookAnswerHeaders } from './hook-headers';

/** Bodies shorter than this are sent as they are: compressing them saves nothing. */
const MIN_COMPRESSED_BYTES = 1024;
/** What a 429 asks a hook's caller to wait, in seconds: a place frees as soon as one of the runs ends. */
const BUSY_RETRY_AFTER_SECONDS = 1;
/** What a 503 of a paused deployment's hook asks its caller to wait, in seconds: a pause is an operator's, lasting minutes rather than moments. */
const PAUSED_RETRY_AFTER_SECONDS = 60;

/**
 * The HTTP entry points of deployments, `/hooks/{deployment}/{path}` with any method: the body is read raw (the
 * hook's Server Request node says how to read it), the call is handed to the deployment service, and its outcome
 * is written: the workflow's answer, 400 for a request it refused, 504 when no answer came in time, 500 when the
 * run failed before answering, or the run's outputs when it completed without a Server Response node answering.
 * Every answer names the execution in `x-execution-id`, keeps the service's security headers whatever the
 * workflow sets, and carries {@link HOOK_SANDBOX_POLICY}. A caller whose connection closes before the answer is
 * told to the deployment service, which stops waiting for it.
 */
export function hookRoutes(deployments: DeploymentService, executions: ExecutionService, maxBodyBytes: number): Router {
  const router = express.Router();
  router.all(/^\/hooks\/([^/]+)(\/.*)?$/, sandbox, express.raw({ type: () => true, limit: maxBodyBytes }), (req, res, next) => {
    void answerHook(req, res, next);
  });
  return router;

  // Every failure reaches `next`, so the promise never rejects.
  async function answerHook(req: Request, res: Response, next: (error: unknown) => void): Promise<void> {
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableEnded) gone.abort();
    });
    try {
      const called = await deployments.call(
        req.params[0],
        {
          method: req.method,
          path: req.params[1] ?? '/',
          query: queryOf(req),
          headers: req.headers,
          body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        },
        gone.signal,
      );
      if (called.outcome.kind === 'abandoned') return;
      res.setHeader('x-execution-id', called.executionId);
      await writeOutcome(called, req, res, executions);
    } catch (error) {
      if (isAppError(error) && error.code === 'RATE_LIMITED') res.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      if (isAppError(error) && error.code === 'UNAVAILABLE' && deployments.isPaused(req.params[0]))
        res.setHeader('Retry-After', String(PAUSED_RETRY_AFTER_SECONDS));
      if (isAppError(error) && error.code === 'METHOD_NOT_ALLOWED')
        res.setHeader('Allow', deployments.hookMethods(req.params[0], req.params[1] ?? '/').join(', '));
      next(error);
    }
  }
}

// Appended to the service's policy (which stays): a browser enforces both, so the page gets the service's
// restrictions and the sandbox. Set before the body is read, so that refusals carry it too.
function sandbox(_req: Request, res: Response, next: () => void): void {
  const policy = res.getHeader('content-security-policy');
  res.setHeader('content-security-policy', typeof policy === 'string' && policy !== '' ? `${policy}; ${HOOK_SANDBOX_POLICY}` : HOOK_SANDBOX_POLICY);
  next();
}

async function writeOutcome({ executionId, outcome, cancelled }: HookCallOutcome, req: Request, res: Response, executions: ExecutionService): Promise<void> {
  if (outcome.kind === 'refused') throw new AppError('VALIDATION_FAILED', outcome.message, { details: [...outcome.details] });
  if (outcome.kind === 'timeout')
    throw new AppError('TIMEOUT', `Execution '${executionId}' gave no answer in time; ${cancelled ? 'it is cancelled' : 'it goes on running'}`);
  if (outcome.kind === 'ended') {
    const { status, result } = await executions.get(executionId);
    if (status !== 'completed') {
      const reason = result?.errors[0]?.message ?? status;
      throw new AppError('WORKFLOW_FAILED', `Execution '${executionId}' ${status === 'cancelled' ? 'was cancelled' : 'failed'} before answering: ${reason}`);
    }
    res.status(200).json(success({ execution_id: executionId, status, outputs: result?.outputs ?? {} }));
    return;
  }
  if (outcome.kind !== 'answer') return;
  const { answer } = outcome;
  let body = Buffer.from(answer.body, answer.bodyEncoding);
  const headers = hookAnswerHeaders(answer.headers);
  if (answer.compress && body.length >= MIN_COMPRESSED_BYTES && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    body = gzipSync(body);
    headers['content-encoding'] = 'gzip';
    headers.vary = headers.vary === undefined ? 'accept-encoding' : `${headers.vary}, accept-encoding`;
  }
  res.status(answer.status).set(headers).end(body);
}

function queryOf(req: Request): JsonObject {
  const query: JsonObject = {};
  for (const [name, value] of new URL(req.originalUrl, 'http://hook').searchParams) {
    const earlier = query[name];
    query[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier as string, value];
  }
  return query;
}
