import { FiringLogs } from './firing-logs';

describe('FiringLogs', () => {
  it("gives a firing the lines before its marker on both streams, a marker cut in two included, and what follows to the next firing's", () => {
    const logs = new FiringLogs();
    let marked = 0;
    logs.feed('[stderr] ', 'starting\n');
    logs.expect('\u001eabc\n', () => (marked += 1));
    logs.feed('', 'one\ntwo, no newline\u001ea');
    logs.feed('', 'bc\nlate\n');
    expect(marked).toBe(0);
    logs.feed('[stderr] ', 'warned\n\u001eabc\n');
    expect(marked).toBe(1);
    // A line with no newline is kept, after the whole lines.
    expect(logs.finish()).toEqual(['[stderr] starting', 'one', '[stderr] warned', 'two, no newline']);
    expect(logs.finish()).toEqual(['late']);
  });

  it('keeps what it held back when a firing ends unmarked', () => {
    const logs = new FiringLogs();
    logs.expect('\u001exyz\n', () => undefined);
    logs.feed('', 'cut short\u001ex');
    expect(logs.finish()).toEqual(['cut short\u001ex']);
  });
});
