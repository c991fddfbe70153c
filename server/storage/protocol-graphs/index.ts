export { type ProtocolGraphStore } from './protocol-graph-store';
export { MemoryProtocolGraphStore } from './memory-protocol-graph-store';
export { SqliteProtocolGraphStore } from './sqlite-protocol-graph-store';
export { PostgresProtocolGraphStore } from './postgres-protocol-graph-store';
