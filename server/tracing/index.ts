export { type Tracing } from './tracing';
export { startTracing } from './start-tracing';
