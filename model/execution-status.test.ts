import { ACTIVE_STATUSES_SQL, EXECUTION_STATUSES, TERMINAL_STATUSES, TERMINAL_STATUSES_SQL, isTerminalStatus } from './execution-status';

describe('the execution statuses', () => {
  it('list the active states before the terminal ones, in the order they are reached', () => {
    expect(EXECUTION_STATUSES).toEqual(['queued', 'running', 'completed', 'failed', 'cancelled']);
    expect(EXECUTION_STATUSES.filter(isTerminalStatus)).toEqual(TERMINAL_STATUSES);
  });

  it('render as SQL lists for the stores', () => {
    expect(TERMINAL_STATUSES_SQL).toBe("'completed', 'failed', 'cancelled'");
    expect(ACTIVE_STATUSES_SQL).toBe("'queued', 'running'");
  });
});
