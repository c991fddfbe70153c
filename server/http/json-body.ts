import express, { type RequestHandler } from 'express';
import { AppError } from '../errors';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Parses JSON bodies up to `limit` bytes, and refuses a body sent with another content type. */
export function jsonBody(limit: number): RequestHandler[] {
  const parse = express.json({ limit, type: ['application/json', 'application/*+json'] });
  const requireJson: RequestHandler = (req, _res, next) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (METHODS_WITH_BODY.has(req.method) && hasBody && !req.is(['application/json', 'application/*+json'])) {
      return next(new AppError('VALIDATION_FAILED', `Request body must be JSON (Content-Type: application/json), got '${req.headers['content-type'] ?? 'none'}'`));
    }
    next();
  };
  return [requireJson, parse];
}
