export { ERROR_CODES, type ErrorCode } from './error-code';
export { AppError, isAppError, type AppErrorOptions, type ErrorDetail } from './app-error';
export { MAX_ERROR_DETAILS, validationFailure, type ValidationFailureOptions } from './validation-failure';
