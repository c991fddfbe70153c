import { type JsonValue } from '../../engine';
import { runInSandbox } from '../sandbox';

/** Bounds on one regular expression run: text length, wall-clock time, memory and matches kept. */
const REGEX_LIMITS = Object.freeze({ maxTextLength: 1_000_000, timeoutMs: 1000, memoryLimitMb: 128, maxMatches: 100_000 });

/** One match: the matched text, where it starts, its numbered captures and its named groups (null when none). */
interface RegexMatch {
  match: string;
  index: number;
  captures: (string | null)[];
  groups: Record<string, string | null> | null;
}

/** What a run found: the matches (all with `g`, else the first), the split pieces and the replaced text. */
export interface RegexRun {
  matches: RegexMatch[];
  pieces?: (string | null)[];
  replaced?: string;
}

const SOURCE = `'use strict';
const re = new RegExp(pattern, flags);
const detail = (m) => ({
  match: m[0],
  index: m.index,
  captures: m.slice(1).map((c) => (c === undefined ? null : c)),
  groups: m.groups === undefined ? null : Object.fromEntries(Object.entries(m.groups).map(([k, v]) => [k, v === undefined ? null : v])),
});
const matches = [];
if (re.global) {
  for (const m of text.matchAll(re)) {
    if (matches.length >= maxMatches) break;
    matches.push(detail(m));
  }
} else {
  const m = re.exec(text);
  if (m !== null) matches.push(detail(m));
}
const result = { matches };
if (mode === 'split') result.pieces = text.split(re).map((p) => (p === undefined ? null : p));
if (mode === 'replace') result.replaced = text.replace(re, replacement);
return result;`;

/**
 * Runs a regular expression in the sandbox, so that catastrophic backtracking ends at the time limit instead of
 * blocking the process; the text is bounded in length first.
 * @throws Error when the text is too long, the pattern is invalid or the run exceeds its time limit.
 */
export async function runRegex(request: {
  text: string;
  pattern: string;
  flags: string;
  mode: 'matches' | 'split' | 'replace';
  replacement: string;
  signal?: AbortSignal;
}): Promise<RegexRun> {
  const { text, pattern, flags, mode, replacement, signal } = request;
  if (text.length > REGEX_LIMITS.maxTextLength) {
    throw new Error(`text-in holds ${text.length} characters; the regex matcher accepts at most ${REGEX_LIMITS.maxTextLength}`);
  }
  const globals: { [key: string]: JsonValue } = { text, pattern, flags, mode, replacement, maxMatches: REGEX_LIMITS.maxMatches };
  const outcome = await runInSandbox({ code: SOURCE, globals, timeoutMs: REGEX_LIMITS.timeoutMs, memoryLimitMb: REGEX_LIMITS.memoryLimitMb, signal });
  if (outcome.ok) return outcome.value as unknown as RegexRun;
  if (outcome.kind === 'timeout') {
    throw new Error(`The pattern /${pattern}/ ran longer than ${REGEX_LIMITS.timeoutMs} ms on ${text.length} characters (catastrophic backtracking?)`);
  }
  throw new Error(`Regex failed: ${outcome.error}`);
}
