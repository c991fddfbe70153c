import { MemorySecretStore, SecretResolver } from '../../server/actor-config';
import {
  type ActorLogEntry,
  type AnyActorDefinition,
  type EngineEvent,
  type JsonObject,
  type JsonValue,
  type RunResult,
  createCatalogue,
  parseGraph,
  validateGraph,
} from '../../server/engine';
import { runFlow } from './kits';

/** How a vendor node (AI, SaaS) runs in a test: its config, initial packets, the operator's named secrets, a cancel signal. */
export interface VendorNodeRun {
  config: JsonObject;
  /** Initial packets `[port, value]`, in order. */
  packets?: readonly (readonly [string, JsonValue])[];
  /** Named secrets, for `${secret:NAME}` references and the template's secret names. */
  secrets?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

/** What the run produced: its result, each port's packets, every event and every log line. */
export interface VendorNodeOutcome {
  result: RunResult;
  received: Record<string, JsonValue[]>;
  events: EngineEvent[];
  logs: ActorLogEntry[];
}

/** A resolver of the test's named secrets, as the server builds one from its secret stores. */
function secretResolver(secrets: Readonly<Record<string, string>> = {}): SecretResolver {
  return new SecretResolver({ envPrefix: false, stores: [new MemorySecretStore(secrets)] });
}

/** Runs one node of `actor` (id `node`), collecting every output port, with secrets resolved as the server resolves them. */
export async function runVendorNode(actor: AnyActorDefinition, run: VendorNodeRun): Promise<VendorNodeOutcome> {
  const resolver = secretResolver(run.secrets);
  const events: EngineEvent[] = [];
  const logs: ActorLogEntry[] = [];
  const { result, received } = await runFlow(
    [actor],
    {
      processes: { node: { component: actor.id, metadata: { config: run.config } } },
      connections: (run.packets ?? []).map(([port, data]) => ({ data, tgt: { process: 'node', port } })),
      collect: Object.keys(actor.outports).map((port) => `node.${port}`),
    },
    {
      resolveConfig: (config) => resolver.resolveValues(config),
      secret: (name) => resolver.lookup(name),
      onEvent: (event) => events.push(event),
      log: (entry) => logs.push(entry),
      signal: run.signal,
    },
  );
  return { result, received, events, logs };
}

/** The validation issues of a one-node graph of `actor` with this config (its required ports fed), as `path: message` lines. */
export function validationIssues(actor: AnyActorDefinition, config: JsonObject): string[] {
  const required = Object.entries(actor.inports).filter(([, spec]) => spec.required === true);
  const connections = required.map(([port]) => ({ data: 'x', tgt: { process: 'node', port } }));
  const parsed = parseGraph({ processes: { node: { component: actor.id, metadata: { config } } }, connections });
  if (!parsed.ok) throw new Error('the test graph does not parse');
  const validated = validateGraph(parsed.graph, createCatalogue([actor]));
  return validated.ok ? [] : validated.issues.map((issue) => `${issue.path}: ${issue.message}`);
}

/** Everything a run let out (result, packets, events, log lines) as one text, to check that no key is in it. */
export function everythingSaid(outcome: VendorNodeOutcome): string {
  return JSON.stringify([outcome.result, outcome.received, outcome.events, outcome.logs]);
}
