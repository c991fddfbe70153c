export { ERROR_CODES, ERROR_TABLE, type ErrorCode } from '../../model';
