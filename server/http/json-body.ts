import express, { type RequestHandler } from 'express';
import { AppError } from '../errors';
import { type GraphSizeLimits, checkGraphSize } from './graph-size';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../../model';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Parses JSON bodies up to `limit` bytes and {@link MAX_JSON_DEPTH} levels, refuses a body sent with another
 * content type, and a graph beyond the size limits.
 */
export function jsonBody(limit: number, graphs: GraphSizeLimits): RequestHandler[] {
  const parse = express.json({ limit, type: ['application/json', 'application/*+json'] });
  const requireJson: RequestHandler = (req, _res, next) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (METHODS_WITH_BODY.has(req.method) && hasBody && !req.is(['application/json', 'application/*+json'])) {
      return next(new AppError('VALIDATION_FAILED', `Request body must be JSON (Content-Type: application/json), got '${req.headers['content-type'] ?? 'none'}'`));
    }
    next();
  };
  const limitDepth: RequestHandler = (req, _res, next) => {
    if (!jsonDepthExceeds(req.body)) return next();
    next(new AppError('VALIDATION_FAILED', `Request body nests deeper than ${MAX_JSON_DEPTH} levels`, { details: [{ path: 'body', message: `nests deeper than ${MAX_JSON_DEPTH} levels` }] }));
  };
  // A declared length over the limit is refused at once, before a byte of the body is read.
  const limitDeclaredLength: RequestHandler = (req, res, next) => {
    if (!(Number(req.headers['content-length']) > limit)) return next();
    res.setHeader('Connection', 'close');
    next(new AppError('PAYLOAD_TOO_LARGE', `Request body is larger than the limit of ${limit} bytes`));
  };
  const limitGraphSize: RequestHandler = (req, _res, next) => {
    try {
      if (req.body !== undefined) checkGraphSize(req.body, graphs);
      next();
    } catch (error) {
      next(error);
    }
  };
  return [limitDeclaredLength, requireJson, parse, limitDepth, limitGraphSize];
}
