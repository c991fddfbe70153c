import { type AnyActorDefinition } from '../../engine';
import { mathAbsolute } from './math-absolute';
import { mathAdd } from './math-add';
import { mathAverage } from './math-average';
import { mathClamp } from './math-clamp';
import { mathDivide } from './math-divide';
import { mathExpression } from './math-expression';
import { mathMinMax } from './math-min-max';
import { mathModulo } from './math-modulo';
import { mathMultiply } from './math-multiply';
import { mathPower } from './math-power';
import { mathRandom } from './math-random';
import { mathRound } from './math-round';
import { mathSqrt } from './math-sqrt';
import { mathStatistics } from './math-statistics';
import { mathSubtract } from './math-subtract';
import { mathSum } from './math-sum';

/** The sixteen math actors (`tpl_math_*`). */
export const mathActors: readonly AnyActorDefinition[] = [
  mathAbsolute,
  mathAdd,
  mathAverage,
  mathClamp,
  mathDivide,
  mathExpression,
  mathMinMax,
  mathModulo,
  mathMultiply,
  mathPower,
  mathRandom,
  mathRound,
  mathSqrt,
  mathStatistics,
  mathSubtract,
  mathSum,
];
