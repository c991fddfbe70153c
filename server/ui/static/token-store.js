// The API token lives in sessionStorage: it survives reloads of this tab and is gone when the tab closes.

const KEY = 'workflow-service.token';

/** The token this tab uses, or an empty string when none is set. */
export function readToken() {
  return sessionStorage.getItem(KEY) ?? '';
}

/** Keeps a token for this tab; an empty one forgets it. */
export function saveToken(token) {
  if (token) sessionStorage.setItem(KEY, token);
  else sessionStorage.removeItem(KEY);
}
