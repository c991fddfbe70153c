// The FBP Network Protocol runtime: graphs built by FBP tools, run on this service's engine.
export { FbpRuntime } from './fbp-runtime';
export { type FbpMessage } from './protocol-message';
export { stableRuntimeId } from './runtime-id';
