// The API token lives in sessionStorage: it survives reloads of this tab and is gone when the tab closes.

const KEY = 'workflow-service.token';

/** The token this tab uses, or an empty string when none is set. */
export function readToken() {
  return sessionStorage.getItem(KEY) ?? '';
}

// The scopes the server refused to each token this page used: their buttons are hidden until another token is entered.
const refused = new Map();

/** Remembers that the server refused the current token a scope. */
export function noteRefusedScope(scope) {
  const token = readToken();
  if (!refused.has(token)) refused.set(token, new Set());
  refused.get(token).add(scope);
}

/** Whether the server has refused the current token this scope. */
export function tokenLacks(scope) {
  return refused.get(readToken())?.has(scope) ?? false;
}

/** Keeps a token for this tab; an empty one forgets it. */
export function saveToken(token) {
  if (token) sessionStorage.setItem(KEY, token);
  else sessionStorage.removeItem(KEY);
}
