export { runInSandbox, disposeSandboxIsolates } from './run-in-sandbox';
