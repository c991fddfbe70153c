// The FBP Network Protocol runtime: graphs built by FBP tools, run on this service's engine.
export { FbpRuntime, type FbpClient, type FbpClientOptions, type FbpRuntimeOptions, FBP_PROTOCOL_VERSION } from './fbp-runtime';
export { FBP_PROTOCOL_SOURCE } from './network-runs';
export { type FbpMessage } from './protocol-message';
