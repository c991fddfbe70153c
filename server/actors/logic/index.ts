import { type AnyActorDefinition } from '../../engine';
import { ifBranch } from './if-branch';
import { loop } from './loop';
import { switchActor } from './switch';

export { ifBranch, loop, switchActor };
export { type LoopSummary, type LoopDriver, chunkItems, runForEach, runRepeat, summaryPacket } from './run-loop';
export { type LoopConfig, LoopConfigSchema } from './loop-config';

/** The logic and control actors: if branch, switch and loop. */
export const logicActors: readonly AnyActorDefinition[] = [ifBranch, switchActor, loop];
