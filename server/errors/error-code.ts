export { ERROR_TABLE, type ErrorCode } from '../../model';
