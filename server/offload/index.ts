// CPU-heavy pure work off the event loop.
export { type TaskTable, type WorkerPoolOptions, WorkerPool } from './worker-pool';
