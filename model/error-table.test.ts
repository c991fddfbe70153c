import { ERROR_CODES, ERROR_TABLE, ErrorCodeSchema, STATUS_OF_ERROR } from './error-table';

describe('the error table', () => {
  it('gives every code an HTTP error status and a message', () => {
    for (const code of ERROR_CODES) {
      expect(STATUS_OF_ERROR[code]).toBe(ERROR_TABLE[code].status);
      expect(STATUS_OF_ERROR[code]).toBeGreaterThanOrEqual(400);
      expect(STATUS_OF_ERROR[code]).toBeLessThan(600);
      expect(ERROR_TABLE[code].message).not.toBe('');
    }
  });

  it('publishes the codes in the order of the table', () => {
    expect(ErrorCodeSchema.options).toEqual(Object.keys(ERROR_TABLE));
    expect(ErrorCodeSchema.options[0]).toBe('VALIDATION_FAILED');
  });
});
