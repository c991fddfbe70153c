import express, { type RequestHandler } from 'express';
import { AppError } from '../errors';
import { type GraphSizeLimits, type GuardVerdict, checkDeclaredLength, checkJsonShape } from '../guards';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

const pass = (verdict: GuardVerdict): Error | undefined => (verdict.ok ? undefined : verdict.error);

/**
 * Parses JSON bodies up to `limit` bytes and the deepest nesting JSON may have, refuses a body sent with
 * another content type, and a graph beyond the size limits.
 */
export function jsonBody(limit: number, graphs: GraphSizeLimits): RequestHandler[] {
  const parse = express.json({ limit, type: ['application/json', 'application/*+json'] });
  const requireJson: RequestHandler = (req, _res, next) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (METHODS_WITH_BODY.has(req.method) && hasBody && !req.is(['application/json', 'application/*+json'])) {
      return next(
        new AppError('VALIDATION_FAILED', `Request body must be JSON (Content-Type: application/json), got '${req.headers['content-type'] ?? 'none'}'`),
      );
    }
    next();
  };
  const limitShape: RequestHandler = (req, _res, next) => next(pass(checkJsonShape(req.body, 'Request body', graphs, 'body')));
  // A declared length over the limit is refused at once, before a byte of the body is read.
  const limitDeclaredLength: RequestHandler = (req, res, next) => {
    const verdict = checkDeclaredLength(Number(req.headers['content-length']), limit);
    if (!verdict.ok) res.setHeader('Connection', 'close');
    next(pass(verdict));
  };
  return [limitDeclaredLength, requireJson, parse, limitShape];
}
