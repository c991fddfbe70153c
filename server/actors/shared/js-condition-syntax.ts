/** Characters after which a `!` is a factorial (it follows an operand) rather than a logical not. */
const OPERAND_END = /[\w)\]'".]/;

/** A word operator, with spaces around it where the text does not already have them. */
function spaced(before: string, word: string, after: string | undefined): string {
  const lead = before === '' || /\s$/.test(before) ? '' : ' ';
  const trail = after !== undefined && /\s/.test(after) ? '' : ' ';
  return `${lead}${word}${trail}`;
}

/**
 * Rewrites the JavaScript logical and equality operators of a condition into mathjs syntax, leaving string
 * literals alone: `&&` -> `and`, `||` -> `or`, `!x` -> `not x`, `===` -> `==`, `!==` -> `!=`. Conditions
 * already written in mathjs syntax pass through unchanged.
 * @example toMathSyntax("item.done === true && !item.skip") // "item.done == true and not item.skip"
 */
export function toMathSyntax(condition: string): string {
  let out = '';
  let quote: string | undefined;
  let afterOperand = false;
  for (let i = 0; i < condition.length; i++) {
    const char = condition[i];
    if (quote !== undefined) {
      out += char;
      if (char === '\\' && i + 1 < condition.length) out += condition[++i];
      else if (char === quote) quote = undefined;
      continue;
    }
    const two = condition.slice(i, i + 2);
    const three = condition.slice(i, i + 3);
    if (three === '===' || three === '!==') {
      out += three.slice(0, 2);
      i += 2;
      afterOperand = false;
    } else if (two === '&&' || two === '||') {
      out += spaced(out, two === '&&' ? 'and' : 'or', condition[i + 2]);
      i += 1;
      afterOperand = false;
    } else if (char === '!' && condition[i + 1] !== '=' && !afterOperand) {
      out += spaced(out, 'not', condition[i + 1]);
    } else {
      if (char === '"' || char === "'") quote = char;
      out += char;
      if (!/\s/.test(char)) afterOperand = OPERAND_END.test(char);
    }
  }
  return out;
}
