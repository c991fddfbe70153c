import { executionTable } from './execution-table';

describe('executionTable', () => {
  it("pads each column to its widest cell, names each run's workflow and shows how long finished runs took", () => {
    const table = executionTable([
      {
        id: 'run-1',
        status: 'completed',
        workflow_id: 'multiply',
        workflow_name: 'Multiply by 4.5',
        source: 'cli',
        deployment_id: null,
        tenant: null,
        node_id: 'engine-1',
        created_at: '2025-01-01T00:00:00.000Z',
        started_at: '2025-01-01T00:00:00.000Z',
        ended_at: '2025-01-01T00:00:01.500Z',
      },
      {
        id: 'a-longer-id',
        status: 'running',
        workflow_id: 'w',
        workflow_name: null,
        source: 'http_api',
        deployment_id: null,
        tenant: null,
        node_id: 'engine-1',
        created_at: '2025-01-01T00:00:02.000Z',
        started_at: '2025-01-01T00:00:02.000Z',
        ended_at: null,
      },
    ]);
    expect(table.split('\n')).toEqual([
      'ID           STATUS     WORKFLOW  NAME             SOURCE    CREATED                   DURATION',
      'run-1        completed  multiply  Multiply by 4.5  cli       2025-01-01T00:00:00.000Z  1.50 s',
      'a-longer-id  running    w         -                http_api  2025-01-01T00:00:02.000Z  -',
      '',
    ]);
  });

  it('says when there are no executions', () => {
    expect(executionTable([])).toBe('No executions\n');
  });
});
