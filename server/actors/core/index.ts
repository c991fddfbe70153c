import { type AnyActorDefinition } from '../../engine';
import { coreDrop } from './drop';
import { coreKick } from './kick';
import { coreMakeFunction } from './make-function';
import { coreMerge } from './merge';
import { coreOutput } from './output';
import { coreRepeat } from './repeat';
import { coreRepeatAsync } from './repeat-async';
import { coreRepeatDelayed } from './repeat-delayed';
import { coreRunInterval } from './run-interval';
import { coreRunTimeout } from './run-timeout';
import { coreSendNext } from './send-next';
import { coreSplit } from './split';

/**
 * NoFlo's `core` collection, as FBP protocol tools expect it, with noflo-core's port names. `core/Callback` is left
 * out: it calls a host function arriving as a packet, and packets here are JSON. The ports noflo-core made array
 * ports (`Merge`'s and `Output`'s and `Drop`'s `in`, `Split`'s and `Kick`'s `out`) are addressable, so that graphs
 * written for them (`IN[0]`) run. In a graph, each is also found by its name alone (`Output`), as NoFlo finds it.
 */
export const coreActors: readonly AnyActorDefinition[] = [
  coreRepeat,
  coreDrop,
  coreOutput,
  coreKick,
  coreMerge,
  coreSplit,
  coreRepeatAsync,
  coreRepeatDelayed,
  coreRunInterval,
  coreRunTimeout,
  coreSendNext,
  coreMakeFunction,
];
