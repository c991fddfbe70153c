import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  DEFAULT_MAX_CONCURRENT_EXECUTIONS,
  DEFAULT_MAX_EVENT_LOG_MB,
  DEFAULT_MAX_EVENT_PAYLOAD_BYTES,
  DEFAULT_MAX_EVENTS_PER_EXECUTION,
  DEFAULT_MAX_MEDIA_BYTES,
  DEFAULT_MAX_REQUEST_TIMEOUT_MS,
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_FBP_RUNTIME_TYPE,
  DEFAULT_MAX_SCRIPT_MEMORY_MB,
  DEFAULT_MAX_STATE_STORE_MB,
  DEFAULT_NUSHELL_BINARY,
  JsonObjectSchema,
} from '../../model';
import { trustEntryProblem } from './trust-entry';
import { AuthTokenEntrySchema } from '../guards';
import { TenantsConfigSchema } from '../tenants';
import { signingSecretProblem } from '../executions';

const port = z.number().int().min(0).max(65535);

// A JSON value given as text (a flag or an environment variable) is read; other text is left for the schema to refuse.
function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
const count = z.number().int().min(0);

// A list given as JSON text (an environment variable holding `[{...}]`) is read; other text is left to commaList.
const parseJsonList = (value: unknown): unknown => (typeof value === 'string' && value.trim().startsWith('[') ? parseJsonText(value) : value);

/** A list given as a list, or as comma-separated text (a flag or an environment variable): blank entries dropped. */
function commaList<T extends z.ZodTypeAny>(item: T) {
  return z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean)
        : v,
    z.array(item),
  );
}

// Express's 'trust proxy' values: a flag, a number of hops, or addresses, CIDRs and proxy-addr's names (as a list or comma-separated text).
const trustProxy = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const text = v.trim();
    if (text === 'true' || text === 'false') return text === 'true';
    if (/^\d+$/.test(text)) return Number(text);
    return text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  },
  z.union([
    z.boolean(),
    z.number().int().min(0),
    z
      .array(z.string().min(1))
      .min(1)
      .superRefine((entries, ctx) => {
        for (const entry of entries) {
          const problem = trustEntryProblem(entry);
          if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
        }
      }),
  ]),
);

// The vendors of `saas_endpoints`, and one address: an absolute http(s) URL.
const SAAS_VENDORS = ['github', 'google_sheets', 'google_token', 'hubspot', 'salesforce'];
const saasUrl = z
  .string()
  .url()
  .refine((url) => /^https?:\/\//i.test(url), 'must be an http:// or https:// URL')
  .optional();

/**
 * The server configuration: the eight fields of the spec, then the service's own additions.
 * Every field has a default, so an empty configuration is a working one.
 */
export const ServerConfigSchema = z
  .object({
    port: port.default(8080).describe('TCP port; 0 picks a free one'),
    bind_address: z.string().min(1).default('0.0.0.0').describe('Address to listen on'),
    max_connections: count.default(1000).describe('Concurrent connections (HTTP and WebSocket); beyond it HTTP gets 503 and WebSocket is refused'),
    cors_enabled: z.boolean().default(true).describe('Permissive cross-origin policy, preflights included'),
    rate_limit_requests_per_minute: count
      .default(100)
      .describe(
        'API requests per client address per minute, one budget for all nodes of a cluster; /health, /ready, /metrics, /docs, the API documents and the /ui page are outside it; 0 turns the limit off',
      ),
    trust_proxy: trustProxy
      .default(false)
      .describe(
        "Which proxies in front of the service are trusted to name the client in X-Forwarded-For, as Express's 'trust proxy': false (none: the peer address is the client), true (every hop: only when the service is reachable through the proxy alone), a number of hops, or a comma list of addresses, CIDRs and loopback, linklocal, uniquelocal; the rate limit and the wrong-token lock-out count per client address so found",
      ),
    ide_url: z.string().url().optional().describe('Address of the IDE; setting it enables the event bridge'),
    namespace: z
      .string()
      .min(1)
      .default('engine')
      .describe('Namespace this engine announces to the IDE; in a cluster, the name of its queue, the prefix of its Redis keys and its PostgreSQL schema'),
    node_id: z
      .string()
      .min(1)
      .default(() => `engine-${randomUUID().slice(0, 8)}`)
      .describe('Identity of this engine, unique in a cluster and recorded on the executions it runs; engine-<8 hex> by default'),
    redis_url: z
      .string()
      .url()
      .refine((url) => /^rediss?:\/\//i.test(url), 'must be a redis:// or rediss:// URL')
      .optional()
      .describe('Redis of a cluster (its queue, node leases and messages between nodes); with database_url, turns cluster mode on'),
    database_url: z
      .string()
      .url()
      .refine((url) => /^postgres(ql)?:\/\//i.test(url), 'must be a postgres:// or postgresql:// URL')
      .optional()
      .describe('PostgreSQL of a cluster (executions, results, event logs, deployments); with redis_url, turns cluster mode on'),
    node_failure_timeout_ms: z
      .number()
      .int()
      .min(1000)
      .default(30_000)
      .describe('In a cluster, how long a node may stop renewing its lease before its running executions are marked failed'),
    redis_command_timeout_ms: z
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(2000)
      .describe(
        "In a cluster, how long a Redis command may wait for its answer before it fails (a tick claim is then skipped); BullMQ's blocking wait for jobs is exempt",
      ),
    max_body_bytes: z
      .number()
      .int()
      .positive()
      .default(10 * 1024 * 1024)
      .describe('Largest accepted request body; larger ones get 413'),
    data_dir: z.string().min(1).default('data').describe('Directory of the embedded database'),
    files_dir: z
      .string()
      .min(1)
      .optional()
      .describe('The one directory CSV and Excel reader nodes and media input nodes may read files from by path; unset, graphs can only send file content'),
    auth_tokens: z
      .preprocess(parseJsonList, commaList(AuthTokenEntrySchema))
      .default([])
      .describe(
        "Bearer tokens (a list, or comma-separated text): a plain token may do everything; an entry {token or sha256, name, scopes, tenant} may do what its scopes (read, run, deploy, admin) allow, on its tenant's records only when it names one. When set, every endpoint but /health, /ready and the documents requires one",
      ),
    tenants: z
      .preprocess(parseJsonText, TenantsConfigSchema)
      .default({})
      .describe(
        "Each tenant's own limits (max_active_executions, max_deployments, max_event_log_mb) and the secrets only its runs may name, by tenant name; a tenant needs no entry here to exist",
      ),
    max_concurrent_executions: z
      .number()
      .int()
      .positive()
      .default(DEFAULT_MAX_CONCURRENT_EXECUTIONS)
      .describe('Executions running at once; later ones wait queued'),
    execution_timeout_ms: count.default(3_600_000).describe('Default per-execution timeout (1 hour); 0 means none'),
    max_event_payload_bytes: z.number().int().positive().default(DEFAULT_MAX_EVENT_PAYLOAD_BYTES).describe('Event payloads longer than this are truncated'),
    secrets_dir: z.string().min(1).optional().describe('Directory of secret files (one file per secret, such as /run/secrets) for ${secret:NAME} references'),
    secret_env_prefix: z.string().default('SECRET_').describe('Prefix of the environment variables that hold secrets: ${secret:NAME} reads <prefix>NAME'),
    ws_max_buffered_bytes: z
      .number()
      .int()
      .positive()
      .default(8 * 1024 * 1024)
      .describe('A WebSocket subscriber with more unsent data than this is closed (code 4008) and resumes with from_seq'),
    max_graph_nodes: z
      .number()
      .int()
      .positive()
      .default(10_000)
      .describe('Nodes a submitted graph may have, subgraphs included; a bigger one is a 400 before any work'),
    max_graph_connections: z
      .number()
      .int()
      .positive()
      .default(100_000)
      .describe('Connections a submitted graph may have, subgraphs included; more is a 400 before any work'),
    retention_max_age_hours: count
      .default(24 * 30)
      .describe('Finished executions older than this are deleted, with their events, in the background; 0 keeps them'),
    retention_max_executions: count.default(100_000).describe('Only the newest this many finished executions are kept; 0 keeps them all'),
    max_script_memory_mb: z
      .number()
      .int()
      .min(8)
      .default(DEFAULT_MAX_SCRIPT_MEMORY_MB)
      .describe('The most memory a JavaScript or Python node may use, whatever its memoryLimit asks, and the address space of a Nushell node'),
    max_http_timeout_ms: z
      .number()
      .int()
      .positive()
      .default(DEFAULT_MAX_REQUEST_TIMEOUT_MS)
      .describe('The longest one attempt of an HTTP request node may last, whatever its timeout asks'),
    max_media_bytes: z
      .number()
      .int()
      .positive()
      .default(DEFAULT_MAX_MEDIA_BYTES)
      .describe(
        'The largest image, audio or video a media node reads (URL, base64 or file) or a stream display takes per frame, whatever its maxFileSize asks',
      ),
    max_state_store_mb: z
      .number()
      .int()
      .positive()
      .default(DEFAULT_MAX_STATE_STORE_MB)
      .describe(
        "Megabytes (MiB) of values, as JSON, the State Store nodes keep in this process's memory; beyond it the least recently used keys are forgotten, and a larger single value is refused",
      ),
    max_result_bytes: z
      .number()
      .int()
      .positive()
      .default(DEFAULT_MAX_RESULT_BYTES)
      .describe('An output of a run larger than this (as JSON) is stored as a marker; the run still completes'),
    headers_timeout_ms: z.number().int().positive().default(10_000).describe('A connection that has not sent a whole request head within this time is closed'),
    request_timeout_ms: z
      .number()
      .int()
      .positive()
      .default(30_000)
      .describe('A request whose body has not arrived within this time is answered 408 and closed'),
    keep_alive_timeout_ms: z.number().int().positive().default(5_000).describe('An idle keep-alive connection is closed after this time'),
    ws_idle_timeout_ms: z.number().int().positive().default(60_000).describe('A WebSocket with no subscription that sends nothing for this long is closed'),
    protocol_auth_timeout_ms: z
      .number()
      .int()
      .positive()
      .default(10_000)
      .describe('With auth_tokens set, an FBP protocol socket (/) that sends no message with a valid secret within this time is closed (code 4001)'),
    max_protocol_connections: z
      .number()
      .int()
      .positive()
      .default(100)
      .describe('FBP protocol sockets (/) open at once, counted apart from max_connections; beyond it the upgrade gets 503'),
    max_protocol_graph_mb: z
      .number()
      .positive()
      .default(64)
      .describe(
        "Megabytes the graphs held by the FBP protocol runtime may take together, metadata and initial packets included; a change beyond it is refused with the protocol's error",
      ),
    fbp_runtime_type: z
      .string()
      .min(1)
      .max(64)
      .default(DEFAULT_FBP_RUNTIME_TYPE)
      .describe("The runtime type the FBP protocol runtime reports in runtime:runtime; noflo-ui opens a project only on a runtime of the project's type"),
    egress_deny: commaList(z.string().min(1))
      .default([])
      .describe(
        'CIDRs, addresses and host names (*.example.com) outbound requests may not reach, besides the built-in link-local, unspecified and own-port denials',
      ),
    egress_allow: commaList(z.string().min(1)).default([]).describe('CIDRs, addresses and host names outbound requests may reach even when denied: allow wins'),
    global_variables: z
      .preprocess(parseJsonText, JsonObjectSchema)
      .default({})
      .describe('Variables the Variable Lookup node reads in its global scope: a JSON object (as JSON text in a flag or environment variable)'),
    ai_endpoints: z
      .preprocess(
        parseJsonText,
        z.record(
          z.string().min(1),
          z
            .string()
            .url()
            .refine((url) => /^https?:\/\//i.test(url), 'must be an http:// or https:// URL'),
        ),
      )
      .default({})
      .describe(
        "Base URLs of the AI model nodes' vendors by name (openai, openrouter, anthropic, google, huggingface, replicate, serpapi, wikipedia), replacing their public addresses; a node's baseUrl wins: a JSON object (as JSON text in a flag or environment variable)",
      ),
    saas_endpoints: z
      .preprocess(
        parseJsonText,
        z
          .object({ github: saasUrl, google_sheets: saasUrl, google_token: saasUrl, hubspot: saasUrl, salesforce: saasUrl })
          .passthrough()
          .superRefine((endpoints, ctx) => {
            for (const vendor of Object.keys(endpoints).filter((key) => !SAAS_VENDORS.includes(key))) {
              ctx.addIssue({ code: z.ZodIssueCode.custom, path: [vendor], message: `is no SaaS vendor of ours: ${SAAS_VENDORS.join(', ')}` });
            }
          }),
      )
      .default({})
      .describe(
        "Addresses of the SaaS nodes' vendors, replacing their public APIs where a node sets no baseUrl (loginUrl, tokenUrl): github (API root, https://host/api/v3 for GitHub Enterprise), google_sheets, google_token (the service-account token endpoint), hubspot, salesforce (the login host): a JSON object (as JSON text in a flag or environment variable)",
      ),
    variable_env_allow: commaList(z.string().min(1))
      .default([])
      .describe('Environment variables the Variable Lookup node may read in its environment scope; no other is ever read'),
    noflo_component_packages: commaList(
      z.string().regex(/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/, 'is not an npm package name (such as noflo-strings)'),
    )
      .default([])
      .describe(
        "NoFlo component libraries (npm packages such as noflo-strings, installed beside the service) whose components graphs may use, named as NoFlo graphs name them (strings/SplitStr), loaded unchanged through NoFlo's ComponentLoader; a package that is not installed or has no component stops start-up",
      ),
    actor_packages: commaList(z.string().min(1))
      .default([])
      .describe(
        "Actor packages whose exported actors join the catalogue at start: npm package names (resolved from the service's working directory) or paths; a package that does not load, exports anything but actor definitions, has a config field without a description or reuses an actor id stops the start (exit code 2)",
      ),
    max_events_per_execution: z
      .number()
      .int()
      .min(100)
      .default(DEFAULT_MAX_EVENTS_PER_EXECUTION)
      .describe(
        'Events a run logs, of every kind, before its further events are left out and counted in one EventsDropped event; the terminal event and the first failures past the limit are always logged',
      ),
    max_event_log_mb: z
      .number()
      .int()
      .min(1)
      .default(DEFAULT_MAX_EVENT_LOG_MB)
      .describe('Megabytes of events (as JSON) a run logs before its further events are left out, as past max_events_per_execution'),
    max_data_dir_mb: count
      .default(10_240)
      .describe(
        'Megabytes the data directory may hold (its databases and their write-ahead logs, less the free pages SQLite reuses); over it, new executions get 507 STORAGE_FULL and the oldest finished ones are deleted until it fits; 0 turns the budget off',
      ),
    python_sandbox: z
      .enum(['bwrap', 'none'])
      .default('bwrap')
      .describe(
        'How Python and Nushell scripts are isolated: bwrap (bubblewrap namespaces; scripts are refused when it cannot run) or none (no isolation, with a warning at start-up)',
      ),
    python_pool_size: count
      .max(64)
      .default(2)
      .describe(
        'Python interpreters kept started, in the sandbox and with the default limits, for the first Python firing of a run; a run then reuses its interpreters for its later firings and kills them when it ends; 0 starts a python3 process for every firing',
      ),
    python_allow_network: z
      .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
      .default(false)
      .describe('Whether a Python node may ask for the network (allowNetwork); otherwise scripts have none'),
    shutdown_grace_ms: count
      .default(10_000)
      .describe(
        'On SIGTERM or SIGINT, how long running executions may go on before they stop: those that resume are suspended for the next start, the others cancelled with the reason shutdown',
      ),
    resume_interrupted_runs: z
      .boolean()
      .default(true)
      .describe(
        'Whether a run interrupted by the end of its process (a crash, kill -9, a shutdown whose grace ran out, a cluster node that stopped) resumes when the service starts again or another node finds it: its firing journal replays completed side effects instead of repeating them. A run may opt out with metadata resume_if_interrupted: false; when off, such runs fail',
      ),
    hook_timeout_ms: z
      .number()
      .int()
      .positive()
      .default(30_000)
      .describe(
        'How long a request to /hooks/... waits for its run to answer before it gets 504; the run is then cancelled, unless its deployment sets continue_on_timeout',
      ),
    max_concurrent_hook_runs: z
      .number()
      .int()
      .positive()
      .default(8)
      .describe('Runs started by the hooks of one deployment that may be going at once on this node; a further request gets 429 and starts nothing'),
    deployment_catch_up: z
      .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
      .default(false)
      .describe(
        'At start-up, run one catch-up tick for each deployment trigger whose ticks fell while the service was down; otherwise missed ticks are not replayed',
      ),
    max_deployments: z.number().int().positive().default(100).describe('Deployments the service keeps; creating one more is refused with 409 LIMIT_REACHED'),
    max_triggers_per_deployment: z
      .number()
      .int()
      .positive()
      .default(10)
      .describe('Cron and interval trigger nodes one deployment may have; a workflow with more is refused with 400'),
    max_trigger_starts_per_second: z
      .number()
      .int()
      .positive()
      .default(10)
      .describe(
        'Runs the triggers of all deployments together may start in any one second on this node; later ticks are skipped and counted (ticks_throttled, workflow_trigger_ticks_skipped_total)',
      ),
    s3_endpoint: z
      .string()
      .url()
      .refine((url) => /^https?:\/\//i.test(url), 'must be an http:// or https:// URL')
      .optional()
      .describe('Base URL of the S3-compatible server (MinIO, Ceph) of S3 nodes that name no endpoint; unset, AWS S3'),
    nushell_binary: z
      .string()
      .min(1)
      .default(DEFAULT_NUSHELL_BINARY)
      .describe("The Nushell binary NuShell Script nodes run (in the Python scripts' sandbox): a path, or a name looked up on the service's PATH"),
    log_level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Log verbosity'),
    log_format: z
      .enum(['auto', 'json', 'pretty'])
      .default('auto')
      .describe(
        'How log lines are written to stdout: json (one JSON object a line), pretty (coloured text for people), or auto (pretty when stdout is a terminal, json otherwise)',
      ),
    webhook_signing_secret: z
      .string()
      .superRefine((secret, ctx) => {
        const problem = signingSecretProblem(secret);
        if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `a signing secret ${problem}` });
      })
      .optional()
      .describe(
        'Signs completion webhooks as Standard Webhooks do (webhook-id, webhook-timestamp, webhook-signature): whsec_ and a key of 24 to 64 bytes in base64; unset, webhooks are unsigned',
      ),
    metrics_public: z
      .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
      .default(false)
      .describe('Whether /metrics is open without a bearer token when auth_tokens are set'),
    config: z.string().min(1).optional().describe('YAML, TOML or JSON file to read the configuration from'),
    profile: z.string().min(1).optional().describe('Profile whose file <base>.<profile>.<ext> is merged over the config file'),
  })
  .strict();

/**
 * Why cluster settings cannot be used, or undefined when they can: cluster mode needs both `redis_url` and
 * `database_url`, and one without the other is a mistake rather than a single node.
 */
export function clusterSettingsProblem(config: Pick<ServerConfig, 'redis_url' | 'database_url'>): string | undefined {
  if ((config.redis_url === undefined) === (config.database_url === undefined)) return undefined;
  const missing = config.redis_url === undefined ? 'redis_url' : 'database_url';
  return `'${missing}': cluster mode needs both redis_url and database_url; set ${missing} too, or unset ${missing === 'redis_url' ? 'database_url' : 'redis_url'} to run a single node`;
}

/** The validated server configuration. */
export type ServerConfig = z.infer<typeof ServerConfigSchema>;

/** The server configuration as written in a file, the environment or flags, before defaults. */
export type ServerConfigInput = z.input<typeof ServerConfigSchema>;
