import { resolveBridgeOptions } from './bridge-options';
import { type BridgeSocket } from './bridge-socket';
import { silentLogger } from '../../logger';

const required = {
  ideUrl: 'http://127.0.0.1:3000',
  namespace: 'engine',
  nodeId: 'engine-1',
  logger: silentLogger,
  connectSocket: (): BridgeSocket => {
    throw new Error('not used');
  },
};

describe('the bridge options', () => {
  it('fills in the documented defaults', () => {
    expect(resolveBridgeOptions(required)).toMatchObject({
      batchSize: 50,
      retryAttempts: 3,
      requestTimeoutMs: 5000,
      maxBufferedEvents: 10_000,
      closeTimeoutMs: 2000,
    });
  });

  it('keeps the values it is given', () => {
    expect(resolveBridgeOptions({ ...required, batchSize: 7, flushIntervalMs: 10 })).toMatchObject({ batchSize: 7, flushIntervalMs: 10 });
  });

  it('refuses a bound that is not a positive integer, naming it', () => {
    expect(() => resolveBridgeOptions({ ...required, maxBufferedEvents: 0 })).toThrow(/'maxBufferedEvents'/);
    expect(() => resolveBridgeOptions({ ...required, retryAttempts: 1.5 })).toThrow(/'retryAttempts'/);
  });
});
