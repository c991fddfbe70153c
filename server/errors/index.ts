export { AppError, isAppError, type ErrorDetail } from './app-error';
export { MAX_ERROR_DETAILS, validationFailure } from './validation-failure';
