import { EXIT_CODES, exitCodeOfRefusedRun } from './exit-code';

describe('exitCodeOfRefusedRun', () => {
  it('exits as validate does for an invalid workflow when the refusal is a validation failure', () => {
    expect(exitCodeOfRefusedRun('VALIDATION_FAILED')).toBe(1);
    expect(EXIT_CODES.invalid).toBe(1);
  });

  it('exits 2 for every other refusal', () => {
    for (const code of ['NOT_FOUND', 'UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'LIMIT_REACHED', 'INTERNAL'] as const)
      expect(exitCodeOfRefusedRun(code)).toBe(2);
  });
});
