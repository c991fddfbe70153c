// The FBP Network Protocol runtime: graphs built by FBP tools, run on this service's engine.
export { FbpRuntime, type FbpClient, type FbpClientOptions, type FbpRuntimeOptions, FBP_PROTOCOL_SOURCE, FBP_PROTOCOL_VERSION } from './fbp-runtime';
export { type FbpMessage } from './protocol-message';
