import { ForbiddenError, forbiddenErrorOf } from './client-errors';

describe('forbiddenErrorOf', () => {
  it('turns a FORBIDDEN envelope or socket reply into a ForbiddenError naming the scope', () => {
    const envelope = { success: false, code: 'FORBIDDEN', error: "POST /workflows needs the 'run' scope", details: [{ path: 'scope', message: 'run' }] };
    const forbidden = forbiddenErrorOf(envelope);
    expect(forbidden).toBeInstanceOf(ForbiddenError);
    expect(forbidden).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'run', message: "POST /workflows needs the 'run' scope" });
    expect(
      forbiddenErrorOf({ type: 'error', success: false, code: 'FORBIDDEN', error: 'no', details: [{ path: 'scope', message: 'nonsense' }] })?.requiredScope,
    ).toBeUndefined();
  });

  it('answers undefined for every other failure', () => {
    expect(forbiddenErrorOf({ success: false, code: 'UNAUTHORIZED', error: 'A valid bearer token is required' })).toBeUndefined();
    expect(forbiddenErrorOf(undefined)).toBeUndefined();
    expect(forbiddenErrorOf('FORBIDDEN')).toBeUndefined();
  });
});
