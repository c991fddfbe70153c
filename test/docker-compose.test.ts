import { existsSync, readFileSync } from 'node:fs';
import { BlockList } from 'node:net';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ENV_PREFIX, ServerConfigSchema } from '../server/config';

const root = join(__dirname, '..');

/** The parts of a compose service these checks read. */
interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string | string[] };
  volumes?: string[];
  ports?: string[];
  networks?: Record<string, { ipv4_address?: string } | null> | string[];
}

/** The parts of the compose file's top level these checks read. */
interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { ipam?: { config?: { subnet?: string }[] } } | null>;
}

const rawText = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
// The file as written, variables unread: what a value is made of.
const raw = parse(rawText, { merge: true }) as ComposeFile;
// `${NAME:-default}` as Compose reads it with NAME unset, `${NAME:?message}` as it reads it with NAME set (to a
// placeholder); merge keys (`<<: *node`) resolved as Compose does.
const REQUIRED_PLACEHOLDER = 'required-value-0123456789';
const composeText = rawText.replace(/\$\{\w+:-([^}]*)\}/g, '$1').replace(/\$\{\w+:\?[^}]*\}/g, REQUIRED_PLACEHOLDER);
const compose = parse(composeText, { merge: true }) as ComposeFile;
const { services } = compose;
const nodes = ['node-a', 'node-b'];

function environmentOf(name: string): Record<string, string> {
  const environment = services[name].environment ?? {};
  const pairs = Array.isArray(environment) ? environment.map((line) => line.split(/=(.*)/s)) : Object.entries(environment);
  return Object.fromEntries(pairs.map(([key, value]) => [key, String(value ?? '')]));
}

function conditionsOf(name: string): Record<string, string | undefined> {
  const dependsOn = services[name].depends_on ?? {};
  if (Array.isArray(dependsOn)) return Object.fromEntries(dependsOn.map((service) => [service, undefined]));
  return Object.fromEntries(Object.entries(dependsOn).map(([service, { condition }]) => [service, condition]));
}

const healthTest = (name: string): string => [services[name].healthcheck?.test ?? []].flat().join(' ');

/** One nginx directive: its name, its arguments and, for a block, the directives inside it. */
interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

// nginx's syntax as far as deploy/nginx.conf needs it: words, `;`, `{ }` and `#` comments.
function parseNginx(text: string): Directive[] {
  const tokens = text.replace(/#.*$/gm, '').match(/[{};]|[^\s{};]+/g) ?? [];
  let at = 0;
  const readBlock = (): Directive[] => {
    const directives: Directive[] = [];
    while (at < tokens.length && tokens[at] !== '}') {
      const words: string[] = [];
      while (at < tokens.length && !['{', ';', '}'].includes(tokens[at])) words.push(tokens[at++]);
      const [name, ...args] = words;
      if (tokens[at] === '{') {
        at += 1;
        directives.push({ name, args, block: readBlock() });
        at += 1;
      } else {
        if (tokens[at] === ';') at += 1;
        directives.push({ name, args });
      }
    }
    return directives;
  };
  return readBlock();
}

const nginx = parseNginx(readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8'));
const named = (directives: Directive[] | undefined, name: string): Directive[] => (directives ?? []).filter((d) => d.name === name);
const argsOf = (directives: Directive[] | undefined, name: string): string[] | undefined => named(directives, name)[0]?.args;

// No Docker engine runs on the test machines: the files are read as Compose and nginx read them.
describe('the cluster compose file', () => {
  it('runs Redis, PostgreSQL, two service nodes and a balancer', () => {
    expect(Object.keys(services).sort()).toEqual(['balancer', 'node-a', 'node-b', 'postgres', 'redis']);
    expect(services.redis.image).toMatch(/^redis:7\b/);
    expect(services.postgres.image).toMatch(/^postgres:16\b/);
    expect(services.balancer.image).toMatch(/^nginx:1\.27\b/);
  });

  it('builds both nodes from the repository Dockerfile into one image', () => {
    const [a, b] = nodes.map((name) => services[name]);
    expect(a.build).toBeDefined();
    expect(a.build).toEqual(b.build);
    expect(a.image).toBeDefined();
    expect(a.image).toEqual(b.image);
    const context = typeof a.build === 'string' ? a.build : (a.build as { context?: string }).context;
    expect(context).toBe('.');
    expect(existsSync(join(root, 'Dockerfile'))).toBe(true);
  });

  it('points both nodes at the compose Redis and PostgreSQL, in one namespace, under distinct node ids', () => {
    const [a, b] = nodes.map(environmentOf);
    const postgres = environmentOf('postgres');
    for (const environment of [a, b]) {
      const redis = new URL(environment.ENGINE_REDIS_URL);
      expect(redis.protocol).toBe('redis:');
      expect(redis.hostname).toBe('redis');
      const database = new URL(environment.ENGINE_DATABASE_URL);
      expect(['postgres:', 'postgresql:']).toContain(database.protocol);
      expect(database.hostname).toBe('postgres');
      expect(decodeURIComponent(database.username)).toBe(postgres.POSTGRES_USER);
      expect(decodeURIComponent(database.password)).toBe(postgres.POSTGRES_PASSWORD);
      expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);
    }
    expect(a.ENGINE_REDIS_URL).toBe(b.ENGINE_REDIS_URL);
    expect(a.ENGINE_DATABASE_URL).toBe(b.ENGINE_DATABASE_URL);
    expect(a.ENGINE_NAMESPACE).toBeTruthy();
    expect(a.ENGINE_NAMESPACE).toBe(b.ENGINE_NAMESPACE);
    expect(a.ENGINE_NODE_ID).toBeTruthy();
    expect(b.ENGINE_NODE_ID).toBeTruthy();
    expect(a.ENGINE_NODE_ID).not.toBe(b.ENGINE_NODE_ID);
  });

  it('starts each node once Redis and PostgreSQL are healthy, and the balancer once both nodes are', () => {
    for (const name of nodes) expect(conditionsOf(name)).toEqual({ redis: 'service_healthy', postgres: 'service_healthy' });
    expect(conditionsOf('balancer')).toEqual({ 'node-a': 'service_healthy', 'node-b': 'service_healthy' });
    // The nodes' health is the image's own HEALTHCHECK on /ready.
    expect(readFileSync(join(root, 'Dockerfile'), 'utf8')).toMatch(/^HEALTHCHECK .*\n?.*\/ready/m);
  });

  it('checks the health of Redis and PostgreSQL with their own clients', () => {
    expect(healthTest('redis')).toMatch(/redis-cli\b.*\bping\b/);
    expect(healthTest('postgres')).toMatch(/pg_isready\b/);
  });

  it('refuses to start without bearer tokens, and gives none of its own', () => {
    for (const name of nodes) {
      const written = (raw.services[name].environment as Record<string, string>).ENGINE_AUTH_TOKENS;
      expect(written).toMatch(/^\$\{ENGINE_AUTH_TOKENS:\?[^}]+\}$/);
      expect(environmentOf(name).ENGINE_AUTH_TOKENS).toBe(REQUIRED_PLACEHOLDER);
    }
    expect(rawText).not.toMatch(/ENGINE_AUTH_TOKENS:-/);
    expect(ServerConfigSchema.parse({ auth_tokens: REQUIRED_PLACEHOLDER }).auth_tokens).toEqual([REQUIRED_PLACEHOLDER]);
  });

  it("trusts the balancer's fixed address, and that address only, to name the client", () => {
    const address = (services.balancer.networks as Record<string, { ipv4_address?: string }>).default.ipv4_address;
    expect(address).toBeDefined();
    const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet;
    const [base, prefix] = (subnet ?? '').split('/');
    const range = new BlockList();
    range.addSubnet(base, Number(prefix));
    expect(range.check(address!)).toBe(true);
    for (const name of nodes) {
      const trust = environmentOf(name).ENGINE_TRUST_PROXY;
      expect(trust).toBe(address);
      expect(ServerConfigSchema.parse({ trust_proxy: trust }).trust_proxy).toEqual([address]);
    }
  });

  it('sets only ENGINE_ variables that name a key of the server configuration', () => {
    const keys = Object.keys(ServerConfigSchema.shape);
    const head = `${ENV_PREFIX}_`;
    const used = Object.keys(services)
      .flatMap((name) => Object.keys(environmentOf(name)))
      .filter((variable) => variable.startsWith(head));
    expect(used.length).toBeGreaterThan(0);
    const unknown = [...new Set(used)].filter((variable) => !keys.includes(variable.slice(head.length).toLowerCase()));
    expect(unknown).toEqual([]);
  });
});

describe('the balancer', () => {
  const upstreams = named(nginx, 'upstream');
  const server = named(nginx, 'server')[0]?.block;
  const everyPath = named(server, 'location').find((location) => location.args.join(' ') === '/')?.block;

  it('mounts deploy/nginx.conf and publishes port 8080 on 127.0.0.1 unless WES_BIND names another address', () => {
    expect(services.balancer.volumes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\.\/deploy\/nginx\.conf:\/etc\/nginx\/conf\.d\/[\w-]+\.conf(:ro)?$/)]),
    );
    expect(services.balancer.ports).toEqual(['127.0.0.1:8080:8080']);
    expect(raw.services.balancer.ports).toEqual(['${WES_BIND:-127.0.0.1}:8080:8080']);
    expect(argsOf(server, 'listen')).toEqual(['8080']);
  });

  it('is the only way in: the nodes, Redis and PostgreSQL publish no port', () => {
    for (const name of [...nodes, 'redis', 'postgres']) expect(services[name].ports ?? []).toEqual([]);
  });

  it('tells the nodes who the client is and how it came', () => {
    const headers = named(everyPath, 'proxy_set_header').map((d) => d.args);
    expect(headers).toContainEqual(['X-Forwarded-For', '$proxy_add_x_forwarded_for']);
    expect(headers).toContainEqual(['X-Forwarded-Proto', '$scheme']);
  });

  it('sends requests round-robin to both nodes on the port the image listens on', () => {
    expect(upstreams).toHaveLength(1);
    const [upstream] = upstreams;
    const port = /ENGINE_PORT=(\d+)/.exec(readFileSync(join(root, 'Dockerfile'), 'utf8'))?.[1];
    expect(
      named(upstream.block, 'server')
        .map((d) => d.args[0])
        .sort(),
    ).toEqual(nodes.map((name) => `${name}:${port}`));
    for (const sticky of ['ip_hash', 'hash', 'sticky', 'least_conn', 'random']) expect(named(upstream.block, sticky)).toEqual([]);
    expect(argsOf(everyPath, 'proxy_pass')).toEqual([`http://${upstream.args[0]}`]);
  });

  it('passes WebSocket upgrades on for every path, /ws and the FBP runtime at / alike', () => {
    expect(named(server, 'location')).toHaveLength(1);
    expect(argsOf(everyPath, 'proxy_http_version')).toEqual(['1.1']);
    const headers = named(everyPath, 'proxy_set_header').map((d) => d.args);
    expect(headers).toContainEqual(['Upgrade', '$http_upgrade']);
    const connection = headers.find(([header]) => header === 'Connection')?.[1];
    expect(connection).toBeDefined();
    const map = named(nginx, 'map').find((d) => d.args[1] === connection);
    expect(map?.args[0]).toBe('$http_upgrade');
    expect(argsOf(map?.block, 'default')).toEqual(['upgrade']);
  });

  it('streams events unbuffered with read timeouts as long as a run, and takes bodies as large as the service does', () => {
    expect(argsOf(everyPath, 'proxy_buffering')).toEqual(['off']);
    const seconds = (value: string | undefined): number => {
      const match = /^(\d+)(s|m|h)?$/.exec(value ?? '');
      return match ? Number(match[1]) * { s: 1, m: 60, h: 3600 }[(match[2] ?? 's') as 's' | 'm' | 'h'] : 0;
    };
    const defaults = ServerConfigSchema.parse({});
    expect(seconds(argsOf(everyPath, 'proxy_read_timeout')?.[0]) * 1000).toBeGreaterThanOrEqual(defaults.execution_timeout_ms);
    const size = /^(\d+)([kmg])?$/i.exec(argsOf(server, 'client_max_body_size')?.[0] ?? '');
    expect(size).not.toBeNull();
    const bytes = Number(size?.[1]) * 1024 ** ' kmg'.indexOf((size?.[2] ?? ' ').toLowerCase());
    expect(bytes).toBeGreaterThanOrEqual(defaults.max_body_bytes);
  });
});
