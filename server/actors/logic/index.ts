import { type AnyActorDefinition } from '../../engine';
import { ifBranch } from './if-branch';
import { loop } from './loop';
import { switchActor } from './switch';

/** The logic and control actors: if branch, switch and loop. */
export const logicActors: readonly AnyActorDefinition[] = [ifBranch, switchActor, loop];
