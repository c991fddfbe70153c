import { MemoryExecutionStore } from './memory-execution-store';
import { describeExecutionStore } from '../../../test/support/execution-store-cases';

describeExecutionStore('MemoryExecutionStore', async () => new MemoryExecutionStore());
