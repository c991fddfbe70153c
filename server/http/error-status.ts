import { type ErrorCode as ContractErrorCode } from '../../contract';
import { type ErrorCode } from '../errors';

/** The HTTP status of each error code; adding a code without a status does not compile. */
export const STATUS_OF_ERROR: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  LIMIT_REACHED: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  STORAGE_FULL: 507,
  WORKFLOW_FAILED: 500,
  TIMEOUT: 504,
};

type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The service's codes and the contract's published codes must be the same set.
const codesMatch: SameSet<ErrorCode, ContractErrorCode> = true;
void codesMatch;
