import { type StartWorkflowBody, createWorkflowClient, forbiddenErrorOf, type WorkflowClient } from '../client';
import { ErrorCodeSchema, type JsonObject } from '../model';
import { CliError, type CliErrorDetail } from './cli-error';

/** Where the service is, and the token it wants when `auth_tokens` is set. */
export interface ServerOptions {
  url: string;
  token?: string;
}

/** The address used when a command names none. */
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8080';

/** The environment variable that gives `--url` when it is not given. */
export const URL_ENV = 'WES_URL';

/**
 * The environment variables a token may come from instead of `--token`, the first set one winning: the command
 * line's own name, then the name the service's `ENGINE_*` settings sit beside.
 */
export const TOKEN_ENVS = ['WES_TOKEN', 'ENGINE_TOKEN'] as const;

/** A service to send requests to: the typed client, and what plain requests (the event stream, cancel) need. */
export interface ServerConnection {
  client: WorkflowClient;
  /** The base URL without a trailing slash. */
  url: string;
  /** The Authorization header, when a token was given. */
  headers: Record<string, string>;
}

/**
 * Connects the typed client to a service.
 * @throws CliError for a URL that is not http(s)
 */
export function connectToServer({ url, token }: ServerOptions): ServerConnection {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`--url (or ${URL_ENV}) must be an http:// or https:// address, not '${url}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new CliError(`--url (or ${URL_ENV}) must be an http:// or https:// address, not '${url}'`);
  const base = parsed.href.replace(/\/+$/, '');
  return { client: createWorkflowClient({ baseUrl: base, token: token || undefined }), url: base, headers: token ? { authorization: `Bearer ${token}` } : {} };
}

/** A graph as the typed client sends it. */
export type GraphBody = NonNullable<StartWorkflowBody['graph_json']>;

/** A graph read from a file, sent as it is: the service reads its shape and names every problem. */
export function asGraphBody(graph: JsonObject): GraphBody {
  return graph as GraphBody;
}

/** A call of the typed client: the success envelope's `data`, or an error body and the response. */
type ClientAnswer<T> = { data?: { data: T }; error?: unknown; response: Response };

function isEnvelope(value: unknown): value is { error: string; code?: unknown; details?: CliErrorDetail[] } {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
}

/** The error of a request that did not reach the service, naming the address and the reason. */
export function unreachable(url: string, error: unknown): CliError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return new CliError(`Cannot reach the service at ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
}

/**
 * Sends one request with the typed client and returns the `data` of its success envelope.
 * @throws CliError with the service's message and details when it answers an error, or naming the address when it cannot be reached
 */
export async function request<T>(connection: ServerConnection, call: (client: WorkflowClient) => Promise<ClientAnswer<T>>): Promise<T> {
  let answer: ClientAnswer<T>;
  try {
    answer = await call(connection.client);
  } catch (error) {
    throw unreachable(connection.url, error);
  }
  if (answer.data !== undefined) return answer.data.data;
  throw refused(answer.response, answer.error, connection);
}

/** The error of a request the service answered with a failure, carrying the code of its envelope. */
export function refused(response: Response, body: unknown, connection: ServerConnection): CliError {
  if (response.status === 401) {
    const hint = connection.headers.authorization ? 'the token was refused' : `it needs a token: give --token or set ${TOKEN_ENVS.join(' or ')}`;
    return new CliError(`The service at ${connection.url} answered 401: ${hint}`);
  }
  const forbidden = forbiddenErrorOf(body);
  if (forbidden !== undefined) {
    const scope = forbidden.requiredScope === undefined ? 'a wider scope' : `the '${forbidden.requiredScope}' scope`;
    return new CliError(`The service at ${connection.url} answered 403: ${forbidden.message}; give a token with ${scope}`);
  }
  if (isEnvelope(body)) return new CliError(body.error, { details: body.details ?? [], code: ErrorCodeSchema.safeParse(body.code).data });
  return new CliError(`The service at ${connection.url} answered ${response.status} ${response.statusText}`.trimEnd());
}
