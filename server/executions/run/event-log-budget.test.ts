import { type EngineEvent } from '../../engine';
import { EventLogBudget, eventBytes } from './event-log-budget';

const started = (seq: number): EngineEvent => ({ _type: 'ActorStarted', seq, timestamp: seq, actorId: 'a', component: 'tpl_loop' });
const sent = (seq: number, message: string): EngineEvent => ({
  _type: 'MessageSent',
  seq,
  timestamp: seq,
  fromActor: 'a',
  fromPort: 'out',
  toActor: 'b',
  toPort: 'in',
  message,
});
const failed = (seq: number, error = 'boom'): EngineEvent => ({ _type: 'ActorFailed', seq, timestamp: seq, actorId: 'b', component: 'tpl_math_sqrt', error });
const cancelled = (seq: number): EngineEvent => ({
  _type: 'Cancelled',
  seq,
  timestamp: seq,
  result: {
    success: false,
    execution_id: 'x',
    workflow_id: 'w',
    start_time: '',
    end_time: '',
    duration_ms: 0,
    outputs: {},
    errors: [],
    nodes_executed: 0,
    nodes_failed: 0,
  },
});

describe('EventLogBudget', () => {
  it('admits events of every kind up to maxEvents, then counts the rest, and always admits the terminal event', () => {
    const log = new EventLogBudget({ maxEvents: 3, maxBytes: 1_000_000 });
    expect([started(1), sent(2, 'x'), started(3), started(4), sent(5, 'x')].map((event) => log.admit(event))).toEqual([true, true, true, false, false]);
    expect(log.dropped).toBe(2);
    expect(log.admit(cancelled(6))).toBe(true);
    expect(log.dropped).toBe(2);
  });

  it('stops at maxBytes of JSON, and leaves out smaller events after the first one that did not fit', () => {
    const big = sent(2, 'x'.repeat(500));
    const log = new EventLogBudget({ maxEvents: 100, maxBytes: eventBytes(started(1)) + eventBytes(big) - 1 });
    expect(log.admit(started(1))).toBe(true);
    expect(log.admit(big)).toBe(false);
    expect(log.admit(started(3))).toBe(false);
    expect(log.dropped).toBe(2);
  });

  it('keeps up to 100 failures past the limits, then counts them too', () => {
    const log = new EventLogBudget({ maxEvents: 1, maxBytes: 1_000_000 });
    expect(log.admit(started(1))).toBe(true);
    const kept = Array.from({ length: 150 }, (_, i) => log.admit(failed(i + 2))).filter(Boolean).length;
    expect(kept).toBe(100);
    expect(log.dropped).toBe(50);
  });

  it('keeps no more than 1 MB of failures past the limits', () => {
    const log = new EventLogBudget({ maxEvents: 0, maxBytes: 1_000_000 });
    const huge = failed(1, 'e'.repeat(400_000));
    expect([1, 2, 3, 4].map(() => log.admit(huge))).toEqual([true, true, false, false]);
  });
});
