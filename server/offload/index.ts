// CPU-heavy pure work off the event loop.
export { type TaskTable, WorkerPool } from './worker-pool';
