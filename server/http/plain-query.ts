import { type RequestHandler } from 'express';
import { AppError } from '../errors';

/** Refuses query parameters given as arrays or objects (`?limit[]=1`, `?a[b]=1`, a repeated key): every parameter of the API is one value. */
export function plainQuery(): RequestHandler {
  return (req, _res, next) => {
    const bad = Object.entries(req.query)
      .filter(([, value]) => typeof value !== 'string')
      .map(([key]) => key);
    if (bad.length === 0) return next();
    next(
      new AppError('VALIDATION_FAILED', `Query parameter '${bad[0]}' must be given once, as a single value`, {
        details: bad.map((key) => ({ path: `query.${key}`, message: 'must be given once, as a single value' })),
      }),
    );
  };
}
