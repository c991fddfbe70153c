import { RunResultSchema as ModelRunResultSchema } from '../model';
import './openapi-zod';

/** The `result` of an execution once its run has ended. */
export const RunResultSchema = ModelRunResultSchema.openapi('RunResult', {
  example: {
    success: true,
    execution_id: '3f2c6a1e-8b1d-4c55-9a0e-5d7c1b2a9e40',
    workflow_id: 'multiply',
    start_time: '2026-11-22T10:00:00.000Z',
    end_time: '2026-11-22T10:00:00.120Z',
    duration_ms: 120,
    outputs: { product: 13.5 },
    errors: [],
    nodes_executed: 1,
    nodes_failed: 0,
    names: { workflow_name: 'Multiply', nodes: { mul: 'Multiply X by 4.5' }, outputs: {} },
  },
});
