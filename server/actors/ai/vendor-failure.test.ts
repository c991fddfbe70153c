import { ActorError } from '../../engine';
import { redactKey, vendorFailure } from './vendor-failure';

const frame = (runSignal = new AbortController().signal, signal = new AbortController().signal) => ({
  vendor: 'openai' as const,
  runSignal,
  signal,
  timeoutMs: 500,
  apiKey: 'sk-secret-key-123',
});

describe('vendorFailure', () => {
  it("keeps the vendor's status, message and Retry-After, with the key taken out", () => {
    const sdkError = Object.assign(new Error('429 whatever'), {
      status: 429,
      headers: new Headers({ 'retry-after': '7' }),
      error: { message: 'Slow down, sk-secret-key-123' },
    });
    const failure = vendorFailure(frame(), sdkError) as ActorError;
    expect(failure).toBeInstanceOf(ActorError);
    expect(failure.message).toBe('OpenAI answered HTTP 429: Slow down, [REDACTED] (Retry-After: 7)');
    expect(failure.details).toEqual({ vendor: 'openai', status: 429, retryAfter: '7' });
  });

  it("passes the run's cancel on as it is, and names the node's timeout when only the call's signal ended", () => {
    const run = new AbortController();
    run.abort(new Error('cancelled by the user'));
    expect(vendorFailure(frame(run.signal, run.signal), new Error('aborted'))).toBe(run.signal.reason);
    const call = new AbortController();
    call.abort();
    expect((vendorFailure(frame(undefined, call.signal), new Error('aborted')) as Error).message).toBe(
      "The OpenAI call did not finish within 500 ms (the node's timeout)",
    );
  });

  it('reads the reason of an unreachable service from the causes fetch wraps it in', () => {
    const error = new Error('Connection error.', { cause: new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }) });
    expect((vendorFailure(frame(), error) as Error).message).toBe('OpenAI could not be reached: connect ECONNREFUSED 127.0.0.1:9');
  });

  it('shortens long messages and leaves texts without the key alone', () => {
    expect(redactKey('x'.repeat(600), 'key-1234')).toHaveLength(503);
    expect(redactKey('nothing to hide', undefined)).toBe('nothing to hide');
  });
});
