/** The WebSocket closed before the reply to a request came, or was closed when the request was made. */
export class ConnectionClosedError extends Error {
  constructor(
    message: string,
    readonly closeCode?: number,
    readonly closeReason?: string,
  ) {
    super(message);
    this.name = 'ConnectionClosedError';
  }
}

/** The socket closed or failed while a subscription was open; `lastSeq` is the seq to resume after. */
export class SubscriptionClosedError extends Error {
  constructor(
    message: string,
    readonly lastSeq: number,
    readonly closeCode?: number,
  ) {
    super(message);
    this.name = 'SubscriptionClosedError';
  }
}

/** The server answered an events request without a Server-Sent Events stream (an old server, or a proxy in the way). */
export class EventStreamUnavailableError extends Error {
  constructor(
    readonly status: number,
    contentType: string | null,
  ) {
    super(`Expected a text/event-stream, got ${status} ${contentType ?? 'without a content type'}`);
    this.name = 'EventStreamUnavailableError';
  }
}

/** A scope of a bearer token, as the service names it. */
export type AccessScope = 'read' | 'run' | 'deploy' | 'admin';

const SCOPES: readonly string[] = ['read', 'run', 'deploy', 'admin'] satisfies readonly AccessScope[];

/** The server refused a call with 403 FORBIDDEN: the token lacks the scope the call needs, which `requiredScope` names. */
export class ForbiddenError extends Error {
  readonly code = 'FORBIDDEN';

  constructor(
    message: string,
    readonly requiredScope: AccessScope | undefined,
  ) {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/**
 * The {@link ForbiddenError} an error envelope (the `error` of a call) or a WebSocket failure reply stands for,
 * or undefined when it is another failure.
 * @example
 * const { error } = await client.startWorkflow(body);
 * const forbidden = forbiddenErrorOf(error);
 * if (forbidden) console.error(`ask for a token with the ${forbidden.requiredScope} scope`);
 */
export function forbiddenErrorOf(failure: unknown): ForbiddenError | undefined {
  const { code, error, details } = (failure ?? {}) as { code?: unknown; error?: unknown; details?: { path?: unknown; message?: unknown }[] };
  if (code !== 'FORBIDDEN') return undefined;
  const scope = Array.isArray(details) ? details.find((detail) => detail.path === 'scope')?.message : undefined;
  return new ForbiddenError(
    typeof error === 'string' ? error : 'Forbidden',
    typeof scope === 'string' && SCOPES.includes(scope) ? (scope as AccessScope) : undefined,
  );
}
