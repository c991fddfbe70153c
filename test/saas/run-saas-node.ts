import { type AnyActorDefinition, type EngineEvent, type JsonObject, type JsonValue, type RunResult, createCatalogue, parseGraph, validateGraph } from '../../server/engine';
import { MemorySecretStore, SecretResolver } from '../../server/actor-config';
import { runFlow } from '../../server/testing';
import { type PeerAnswer, type PeerRoute } from '../support/peers/recording-peer';

/** How a SaaS node runs in a test: its config, initial packets, the operator's named secrets. */
export interface SaasNodeRun {
  config: JsonObject;
  /** Initial packets `[port, value]`, in order. */
  packets?: readonly (readonly [string, JsonValue])[];
  /** Named secrets, for `${secret:NAME}` references and the template's secret names. */
  secrets?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

/** What the run produced, with every event and log line, for checks that no key leaks. */
export interface SaasNodeOutcome {
  result: RunResult;
  received: Record<string, JsonValue[]>;
  events: EngineEvent[];
  logs: string[];
}

/** A resolver of the test's named secrets, as the server builds one from its secret stores. */
export function secretResolver(secrets: Readonly<Record<string, string>> = {}): SecretResolver {
  return new SecretResolver({ envPrefix: false, stores: [new MemorySecretStore(secrets)] });
}

/** Runs one node of `actor` (id `node`), collecting every output port, with secrets resolved as the server does. */
export async function runSaasNode(actor: AnyActorDefinition, run: SaasNodeRun): Promise<SaasNodeOutcome> {
  const resolver = secretResolver(run.secrets);
  const events: EngineEvent[] = [];
  const logs: string[] = [];
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
      log: (entry) => logs.push(`${entry.message} ${JSON.stringify(entry.fields ?? {})}`),
      signal: run.signal,
    },
  );
  return { result, received, events, logs };
}

/** The validation issues of a one-node graph of `actor` with this config, as `path: message` lines. */
export function validationIssues(actor: AnyActorDefinition, config: JsonObject): string[] {
  const parsed = parseGraph({ processes: { node: { component: actor.id, metadata: { config } } }, connections: [] });
  if (!parsed.ok) throw new Error('the test graph does not parse');
  const validated = validateGraph(parsed.graph, createCatalogue([actor]));
  return validated.ok ? [] : validated.issues.map((issue) => `${issue.path}: ${issue.message}`);
}

/** A route that gives its answers one per request, in order, repeating the last one. */
export function inTurn(...answers: PeerAnswer[]): PeerRoute {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)];
}

/** Everything a run let out, as one text, to check that no key is in it. */
export function everythingSaid(outcome: SaasNodeOutcome): string {
  return JSON.stringify([outcome.result, outcome.received, outcome.events, outcome.logs]);
}
