export {
  type SandboxRequest,
  type SandboxOutcome,
  type SandboxOutput,
  type SandboxFailureKind,
} from './sandbox-outcome';
export { type SandboxLimits, SANDBOX_LIMITS, MIN_SANDBOX_MEMORY_MB } from './sandbox-limits';
export { type IsolatePoolOptions, IsolatePool } from './isolate-pool';
export {
  type SandboxRunner,
  type SandboxRunnerOptions,
  runInSandbox,
  createSandboxRunner,
  disposeSandboxIsolates,
} from './run-in-sandbox';
