import { ActorError, type JsonValue, defineActor, errorOutPort, numberSetting, optionalText, requiredText, z } from '@workflow-execution-service/actor-sdk';

/**
 * Reads a JSON document from an HTTP API through the service's HTTP client (`ctx.http`), so the service's egress
 * policy, time limit and cancellation apply. A GET is safe to repeat: a durable run sends it again after a crash.
 */
export const fetchJson = defineActor({
  id: 'example/fetch-json',
  title: 'Fetch JSON',
  description: 'GETs a JSON document from an HTTP API and emits it, or one of its fields.',
  inports: { path: { type: 'string', description: 'A path appended to the base URL; each packet sends one request (once at start when unfed)' } },
  outports: { json: { type: 'all', description: 'The document, or its field named by pick' }, ...errorOutPort('for a status of 400 or more, or a body that is not JSON') },
  config: z.object({
    baseUrl: requiredText('The API root, such as https://api.example.com/v1'),
    pick: optionalText('A top-level field to emit instead of the whole document'),
    tokenSecret: optionalText("The name of a secret sent as a bearer token (the service's SECRET_<NAME> or secrets_dir)"),
    timeoutMs: numberSetting('Time limit of one attempt in milliseconds', z.number().int().min(1).max(120_000).default(10_000)),
    retries: numberSetting('Attempts after the first on network errors, timeouts, 408, 429 and 5xx', z.number().int().min(0).max(5).default(1)),
  }),
  effects: 'repeatable',
  fire: async ({ inputs, config, http, secret, send }) => {
    const url = `${config.baseUrl.replace(/\/+$/, '')}/${String(inputs.path ?? '').replace(/^\/+/, '')}`;
    const token = config.tokenSecret === undefined ? undefined : secret(config.tokenSecret);
    if (config.tokenSecret !== undefined && token === undefined) throw new ActorError(`secret '${config.tokenSecret}' is not configured`, { secret: config.tokenSecret });
    const response = await http.request({
      url,
      headers: { accept: 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      timeoutMs: config.timeoutMs,
      retries: config.retries,
    });
    if (response.status >= 400) throw new ActorError(`GET ${url} answered HTTP ${response.status}`, { status: response.status, body: response.body.slice(0, 1000) });
    let document: JsonValue;
    try {
      document = JSON.parse(response.body) as JsonValue;
    } catch {
      throw new ActorError(`GET ${url} answered a body that is not JSON`, { status: response.status });
    }
    const picked = config.pick === undefined || typeof document !== 'object' || document === null || Array.isArray(document) ? document : (document[config.pick] ?? null);
    await send('json', picked);
  },
});
