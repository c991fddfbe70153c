import { type AnyActorDefinition } from '../../engine';
import { coreDrop } from './drop';
import { coreOutput } from './output';
import { coreRepeat } from './repeat';

/** NoFlo's `core` collection, as FBP protocol tools expect it: `core/Repeat`, `core/Drop` and `core/Output`. */
export const coreActors: readonly AnyActorDefinition[] = [coreRepeat, coreDrop, coreOutput];
