import { type ParseError, type ParseErrorCode, type SyntaxKind, createScanner, parseTree, printParseErrorCode } from 'jsonc-parser';
import { type JsonValue, errorMessage } from '../../engine';

// jsonc-parser declares its token kinds as const enums, which isolated modules cannot read: their values, as published.
const TOKEN = { closeBrace: 2, closeBracket: 4, comma: 5, lineComment: 12, blockComment: 13, lineBreak: 14, trivia: 15, eof: 17 } as const;
const INVALID_COMMENT_TOKEN = 10;

/** How JSON text is read: strict JSON, or lenient (trailing commas, a byte-order mark); comments either way only when allowed. */
export interface JsonTextOptions {
  readonly strict: boolean;
  readonly allowComments: boolean;
}

/** Where and why a text is not JSON. */
type JsonTextProblem = {
  message: string;
  line?: number;
  column?: number;
  offset?: number;
};

/** The outcome of reading JSON text. */
export type JsonTextOutcome = { ok: true; value: JsonValue } | { ok: false; problem: JsonTextProblem };

/**
 * Parses JSON text. Strict mode is RFC 8259 JSON; lenient mode also accepts trailing commas and a leading
 * byte-order mark; `allowComments` accepts `//` and block comments in either. A problem names its line and column.
 */
export function parseJsonText(text: string, options: JsonTextOptions): JsonTextOutcome {
  const body = !options.strict && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const relaxed = options.allowComments || !options.strict;
  try {
    return { ok: true, value: JSON.parse(relaxed ? blankRelaxations(body, options) : body) as JsonValue };
  } catch (error) {
    return { ok: false, problem: locateProblem(body, options) ?? { message: `Invalid JSON: ${errorMessage(error)}` } };
  }
}

/** Replaces the comments and trailing commas the options allow by spaces, so that JSON.parse reads the rest. */
function blankRelaxations(text: string, options: JsonTextOptions): string {
  const scanner = createScanner(text, false);
  const blanks: [number, number][] = [];
  let pendingComma: number | undefined;
  for (let kind: SyntaxKind = scanner.scan(); kind !== TOKEN.eof; kind = scanner.scan()) {
    const comment = kind === TOKEN.lineComment || kind === TOKEN.blockComment;
    if (comment && options.allowComments) blanks.push([scanner.getTokenOffset(), scanner.getTokenLength()]);
    if (comment || kind === TOKEN.trivia || kind === TOKEN.lineBreak) continue;
    const closes = kind === TOKEN.closeBrace || kind === TOKEN.closeBracket;
    if (pendingComma !== undefined && closes && !options.strict) blanks.push([pendingComma, 1]);
    pendingComma = kind === TOKEN.comma ? scanner.getTokenOffset() : undefined;
  }
  if (blanks.length === 0) return text;
  let result = '';
  let at = 0;
  for (const [offset, length] of blanks) {
    result += text.slice(at, offset) + text.slice(offset, offset + length).replace(/[^\n]/g, ' ');
    at = offset + length;
  }
  return result + text.slice(at);
}

function locateProblem(text: string, options: JsonTextOptions): JsonTextProblem | undefined {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: !options.allowComments, allowTrailingComma: !options.strict, allowEmptyContent: false });
  const first = errors[0];
  if (first === undefined) return undefined;
  const before = text.slice(0, first.offset).split('\n');
  const line = before.length;
  const column = before[before.length - 1].length + 1;
  const what = first.error === INVALID_COMMENT_TOKEN ? 'comments are not allowed' : describeCode(first.error);
  return { message: `Invalid JSON at line ${line}, column ${column}: ${what}`, line, column, offset: first.offset };
}

function describeCode(code: ParseErrorCode): string {
  const words = printParseErrorCode(code).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
