import { gzipSync } from 'node:zlib';
import express, { type Request, type Response, type Router } from 'express';
import { type DeploymentService, type HookCallOutcome } from '../deployments';
import { AppError } from '../errors';
import { type ExecutionService } from '../executions';
import { type JsonObject } from '../engine';
import { success } from './envelope';

/** Bodies shorter than this are sent as they are: compressing them saves nothing. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * The HTTP entry points of deployments, `/hooks/{deployment}/{path}` with any method: the body is read raw (the
 * hook's Server Request node says how to read it), the call is handed to the deployment service, and its outcome
 * is written: the workflow's answer, 400 for a request it refused, 504 when no answer came in time, 500 when the
 * run failed before answering, or the run's outputs when it completed without a Server Response node answering.
 * Every answer names the execution in `x-execution-id`.
 */
export function hookRoutes(deployments: DeploymentService, executions: ExecutionService, maxBodyBytes: number): Router {
  const router = express.Router();
  router.all(/^\/hooks\/([^/]+)(\/.*)?$/, express.raw({ type: () => true, limit: maxBodyBytes }), async (req, res, next) => {
    try {
      const called = await deployments.call(req.params[0], {
        method: req.method,
        path: req.params[1] ?? '/',
        query: queryOf(req),
        headers: req.headers,
        body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      });
      res.setHeader('x-execution-id', called.executionId);
      await writeOutcome(called, req, res, executions);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

async function writeOutcome({ executionId, outcome }: HookCallOutcome, req: Request, res: Response, executions: ExecutionService): Promise<void> {
  if (outcome.kind === 'refused') throw new AppError('VALIDATION_FAILED', outcome.message, { details: [...outcome.details] });
  if (outcome.kind === 'timeout') throw new AppError('TIMEOUT', `Execution '${executionId}' gave no answer in time; it goes on running`);
  if (outcome.kind === 'ended') {
    const { status, result } = await executions.get(executionId);
    if (status !== 'completed') {
      const reason = result?.errors[0]?.message ?? status;
      throw new AppError('WORKFLOW_FAILED', `Execution '${executionId}' ${status === 'cancelled' ? 'was cancelled' : 'failed'} before answering: ${reason}`);
    }
    res.status(200).json(success({ execution_id: executionId, status, outputs: result?.outputs ?? {} }));
    return;
  }
  const { answer } = outcome;
  let body = Buffer.from(answer.body, answer.bodyEncoding);
  const headers: Record<string, string> = { ...answer.headers };
  if (answer.compress && body.length >= MIN_COMPRESSED_BYTES && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    body = gzipSync(body);
    headers['content-encoding'] = 'gzip';
    headers.vary = 'accept-encoding';
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
