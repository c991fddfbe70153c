import { MemoryProtocolGraphStore } from './memory-protocol-graph-store';
import { describeProtocolGraphStore } from '../../../test/support/protocol-graph-store-cases';

describeProtocolGraphStore('MemoryProtocolGraphStore', { open: async () => new MemoryProtocolGraphStore() });
