export { type ProtocolGraphStore } from './protocol-graph-store';
export { MemoryProtocolGraphStore } from './memory-protocol-graph-store';
