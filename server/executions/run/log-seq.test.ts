import { type EngineEvent } from '../../engine';
import { nextInLog } from './log-seq';

describe('nextInLog', () => {
  it('keeps an event that already carries the next seq as it is', () => {
    const event: EngineEvent = { _type: 'NetworkIdle', seq: 4, timestamp: 1 };
    expect(nextInLog(event, 3)).toBe(event);
  });

  it('numbers an event after the last one logged when its own seq differs or is missing', () => {
    expect(nextInLog({ _type: 'NetworkIdle', seq: 9, timestamp: 1 }, 3)).toEqual({ _type: 'NetworkIdle', seq: 4, timestamp: 1 });
    expect(nextInLog({ _type: 'EventsDropped', timestamp: 1, dropped: 5 }, 0)).toEqual({ _type: 'EventsDropped', seq: 1, timestamp: 1, dropped: 5 });
  });
});
