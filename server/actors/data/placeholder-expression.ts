import { type FieldPath, parseFieldPath } from '../shared';

const DATA_ACCESS = String.raw`input\.get\(\s*(['"])data\1\s*\)\.data`;
const PATH_TAIL = String.raw`(?:\.[\w$-]+|\[\d+\]|\[(['"])(?:\\.|(?!\3).)*?\3\])*`;
const PLACEHOLDER = new RegExp(String.raw`\$\{\s*${DATA_ACCESS}(${PATH_TAIL})\s*\}`, 'g');
const BARE_ACCESS = new RegExp(String.raw`\b${DATA_ACCESS}(?![\w$])`, 'g');
const FIELD_PREFIX = new RegExp(String.raw`^(?:${DATA_ACCESS}|item)(?=$|[.[])`);

/**
 * Turns an expression written with the IDE builder's placeholders into plain JavaScript over `item`:
 * `${input.get('data').data.age} > 18` becomes `(item?.["age"]) > 18`, and `${input.get('data').data}` the item itself.
 * Plain expressions (`item.qty * 2`, `total >= 100`) come back unchanged.
 * @throws Error when the expression uses a placeholder other than the current item's.
 */
export function translateExpression(expression: string): string {
  const translated = expression
    .replace(PLACEHOLDER, (_match, _quote: string, tail: string, _inner: string, offset: number) => {
      const accessor = accessorOf(parseTail(tail));
      // Inside a template literal the placeholder is an interpolation, and must stay one.
      return insideTemplateLiteral(expression, offset) ? `\${${accessor}}` : `(${accessor})`;
    })
    .replace(BARE_ACCESS, 'item');
  if (/\$\{\s*input\s*\.\s*get\s*\(/.test(translated)) {
    throw new Error(`Unsupported placeholder in expression '${expression}': only \${input.get('data').data...} (the current item) is available`);
  }
  return translated;
}

/**
 * Reads a field reference of an operation (`sourceField`, `sortField`, `groupByField`, ...): a placeholder
 * (`${input.get('data').data.total}`), `item.total`, a plain path (`customer.name`, `lines[0]`) or, when the
 * text is no valid path, one literal key (`first name`). Empty text and `item` stand for the item itself.
 * @throws Error when the reference is a placeholder of something else than the current item.
 */
export function fieldPathOf(reference: string): FieldPath {
  let text = reference.trim();
  const wrapped = /^\$\{([\s\S]*)\}$/.exec(text);
  if (wrapped !== null) {
    text = wrapped[1].trim();
    if (!FIELD_PREFIX.test(text) || text.startsWith('item')) throw new Error(`Unsupported field placeholder '${reference}'`);
  }
  const prefix = FIELD_PREFIX.exec(text);
  if (prefix !== null) return parseFieldPath(text.slice(prefix[0].length).replace(/^\./, ''));
  if (text === '') return [];
  try {
    return parseFieldPath(text);
  } catch {
    return [text];
  }
}

/** JavaScript reading a path from `item` without throwing on a missing step. */
export function accessorOf(path: FieldPath): string {
  return path.reduce<string>((code, key) => `${code}?.[${JSON.stringify(key)}]`, 'item');
}

function insideTemplateLiteral(text: string, offset: number): boolean {
  const backticks = text.slice(0, offset).match(/(?<!\\)`/g);
  return backticks !== null && backticks.length % 2 === 1;
}

function parseTail(tail: string): FieldPath {
  return parseFieldPath(tail.replace(/^\./, ''));
}
