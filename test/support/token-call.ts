/**
 * A request to the service at `baseUrl` carrying `token` as its bearer, with `body` (when given) as JSON: how the
 * tests of scopes and tenants call each route as one caller or another.
 */
export function sendWithToken(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** {@link sendWithToken}, answered as its status and its JSON body read as `T` (the envelope the test expects). */
export async function jsonWithToken<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const answer = await sendWithToken(baseUrl, token, method, path, body);
  return { status: answer.status, body: (await answer.json()) as T };
}
