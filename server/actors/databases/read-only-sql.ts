/** The first words of a statement that can only read. */
const READING_STATEMENTS: ReadonlySet<string> = new Set(['select', 'with', 'show', 'explain']);

/**
 * Words that make a reading statement write or lock: a data-modifying CTE, `SELECT ... INTO`, `FOR UPDATE` and
 * `FOR SHARE`, MySQL's `LOCK IN SHARE MODE`, `EXPLAIN ANALYZE` (which runs the statement it explains).
 */
const WRITING_WORDS: ReadonlySet<string> = new Set(['insert', 'update', 'delete', 'merge', 'into', 'share', 'lock', 'analyze']);

/** Built-in functions that change the database or the server when a SELECT calls them. */
const WRITING_FUNCTIONS: ReadonlySet<string> = new Set(['nextval', 'setval', 'set_config', 'pg_notify', 'get_lock', 'release_lock', 'release_all_locks']);
const WRITING_FUNCTION_PREFIXES = [
  'pg_advisory',
  'pg_try_advisory',
  'lo_',
  'dblink',
  'pg_create_',
  'pg_drop_',
  'pg_terminate_',
  'pg_cancel_',
  'pg_reload_',
  'pg_rotate_',
  'pg_switch_',
  'pg_stat_reset',
  'pg_promote',
  'pg_logical_emit',
  'pg_replication_origin',
];

/** The words of a statement outside its strings, quoted names and comments, and whether it has text after a `;`. */
interface StatementWords {
  words: string[];
  afterSemicolon: boolean;
}

/**
 * Reads a statement's words, or answers undefined where PostgreSQL and MySQL would read the text differently
 * (a backslash in a quoted text, `#`, a `--` without a space after it, a dollar quote, a `/*!` or nested comment)
 * or where it does not end (an open quote or comment): there the words seen may not be the words run.
 */
function statementWords(sql: string): StatementWords | undefined {
  const words: string[] = [];
  let afterSemicolon = false;
  let seenSemicolon = false;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i];
    const next = sql[i + 1];
    if (/\s/.test(char)) {
      i += 1;
      continue;
    }
    if (char === '-' && next === '-') {
      if (i + 2 < sql.length && !/\s/.test(sql[i + 2])) return undefined;
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end === -1 || sql[i + 2] === '!' || sql.slice(i + 2, end).includes('/*')) return undefined;
      i = end + 2;
      continue;
    }
    if (seenSemicolon && char !== ';') afterSemicolon = true;
    if (char === ';') {
      seenSemicolon = true;
      i += 1;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      // A doubled quote stands for itself inside the quotes.
      let end = i + 1;
      for (;;) {
        end = sql.indexOf(char, end);
        if (end === -1) return undefined;
        if (sql[end + 1] !== char) break;
        end += 2;
      }
      if (sql.slice(i + 1, end).includes('\\')) return undefined;
      i = end + 1;
      continue;
    }
    if (char === '#') return undefined;
    if (char === '$') {
      if (next === undefined || !/[0-9]/.test(next)) return undefined;
      i += 1;
      while (i < sql.length && /[0-9]/.test(sql[i])) i += 1;
      continue;
    }
    const word = /^[\p{L}_][\p{L}\p{N}_$]*/u.exec(sql.slice(i))?.[0];
    if (word !== undefined) {
      words.push(word.toLowerCase());
      i += word.length;
      continue;
    }
    i += 1;
  }
  return { words, afterSemicolon };
}

function isWritingWord(word: string): boolean {
  return WRITING_WORDS.has(word) || WRITING_FUNCTIONS.has(word) || WRITING_FUNCTION_PREFIXES.some((prefix) => word.startsWith(prefix));
}

/**
 * Whether a SQL statement only reads, told conservatively from its text: a single statement that starts with
 * SELECT, WITH, SHOW or EXPLAIN and, outside its strings, quoted names and comments, has no word that writes or
 * locks (INSERT, UPDATE, DELETE, MERGE, INTO, FOR SHARE, LOCK, ANALYZE) nor a call of a built-in function that
 * writes (`nextval`, advisory locks...). Anything else, and any text PostgreSQL and MySQL could read in two ways, is
 * taken to write. A function of the database's own that a SELECT calls is taken to read: the text cannot tell.
 * @example isReadOnlySql('SELECT * FROM orders WHERE id = $1') // true
 * @example isReadOnlySql('WITH gone AS (DELETE FROM orders RETURNING *) SELECT * FROM gone') // false
 */
export function isReadOnlySql(sql: string): boolean {
  const read = statementWords(sql);
  if (read === undefined || read.afterSemicolon || read.words.length === 0) return false;
  return READING_STATEMENTS.has(read.words[0]) && !read.words.some(isWritingWord);
}
