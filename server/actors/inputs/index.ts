import { type AnyActorDefinition } from '../../engine';
import { numberInput } from './number-input';
import { rangeInput } from './range-input';
import { textInput } from './text-input';

/** The user input sources: text, number and range inputs. */
export const inputActors: readonly AnyActorDefinition[] = [textInput, numberInput, rangeInput];
