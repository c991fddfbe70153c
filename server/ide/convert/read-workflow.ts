import { z } from 'zod';
import { joinPath } from '../../../model';
import { isJsonObject } from '../../engine';
import { type ConversionIssue, zodConversionIssues } from './conversion-issue';
import { OptionalTextSchema } from './dialect-parts';
import { type GraphDefaults } from './graph-defaults';
import { type IdeGraph } from './ide-graph';
import { readIdeGraph } from './read-ide-graph';

/** A submitted workflow read into dialect-free form: its identity, every graph, and which one runs. */
interface IdeWorkflow {
  readonly id: string;
  readonly name: string;
  /** The graphs whose shape could be read. */
  readonly graphs: readonly IdeGraph[];
  readonly main: IdeGraph;
  /** Ids of graphs whose shape could not be read, so references to them are not reported as unknown too. */
  readonly unreadGraphIds: ReadonlySet<string>;
}

/**
 * The outcome of reading a workflow's shape: every shape problem, and the workflow made of the graphs that
 * could be read (absent when nothing could), so their own problems can be reported at the same time.
 */
export interface ReadWorkflowOutcome {
  readonly workflow?: IdeWorkflow;
  readonly issues: readonly ConversionIssue[];
}

/** The envelope with `graphs[]`: what the IDE's API, its snapshots and its published event carry. */
const IdeWorkflowEnvelopeSchema = z
  .object({
    id: OptionalTextSchema,
    name: OptionalTextSchema,
    graphs: z.array(z.unknown()).min(1, 'a workflow needs at least one graph'),
  })
  .passthrough();

/** One graph with its workflow's identity, as the IDE's orchestrator state endpoint sends it. */
const IdeGraphStateSchema = z
  .object({
    workflowId: OptionalTextSchema,
    graphId: OptionalTextSchema,
    name: OptionalTextSchema,
    state: z.record(z.unknown()),
  })
  .passthrough();

const BareGraphIdentitySchema = z.object({ workflowId: OptionalTextSchema, workflowName: OptionalTextSchema }).passthrough();
const LegacyEnvelopeSchema = z.object({ id: OptionalTextSchema, name: OptionalTextSchema }).passthrough();
const LEGACY_MAIN: GraphDefaults = { id: 'main', name: 'Main', namespace: 'main', isMain: true };

/**
 * Reads a submitted workflow in any form the IDE produces: the envelope with `graphs[]`, one graph as
 * `{state: {nodes, ...}}`, a bare graph (`{id, isMain|namespace, nodes, connections}`), or the legacy
 * envelope with top-level `nodes`/`connections`, which becomes one graph `main`.
 */
export function readWorkflow(raw: unknown): ReadWorkflowOutcome {
  if (!isJsonObject(raw)) {
    return fail('', 'The workflow must be a JSON object: an IDE workflow with graphs, or a single graph');
  }
  if ('graphs' in raw) return readEnvelope(raw);
  if ('state' in raw) {
    const parsed = IdeGraphStateSchema.safeParse(raw);
    if (!parsed.success) return { issues: zodConversionIssues('', parsed.error.issues) };
    const { workflowId, graphId, name, state } = parsed.data;
    return single(readIdeGraph(state, 'state', { id: graphId ?? 'main', name: name ?? undefined, isMain: true }), workflowId, name);
  }
  if ('nodes' in raw) {
    if ('isMain' in raw || 'is_main' in raw || 'namespace' in raw) {
      const identity = BareGraphIdentitySchema.safeParse(raw);
      if (!identity.success) return { issues: zodConversionIssues('', identity.error.issues) };
      return single(readIdeGraph(raw, '', { id: 'main', isMain: true }), identity.data.workflowId, identity.data.workflowName);
    }
    const envelope = LegacyEnvelopeSchema.safeParse(raw);
    if (!envelope.success) return { issues: zodConversionIssues('', envelope.error.issues) };
    const graph = readIdeGraph({ nodes: raw.nodes, connections: raw.connections, groups: raw.groups }, '', LEGACY_MAIN);
    return single(graph, envelope.data.id, envelope.data.name);
  }
  return fail('graphs', "The workflow needs 'graphs' (an array of graphs), or the 'nodes' and 'connections' of a single graph");
}

function readEnvelope(raw: Record<string, unknown>): ReadWorkflowOutcome {
  const parsed = IdeWorkflowEnvelopeSchema.safeParse(raw);
  if (!parsed.success) return { issues: zodConversionIssues('', parsed.error.issues) };
  const issues: ConversionIssue[] = [];
  const graphs: IdeGraph[] = [];
  const unreadGraphIds = new Set<string>();
  const firstPathById = new Map<string, string>();
  parsed.data.graphs.forEach((rawGraph, i) => {
    const path = joinPath('graphs', i);
    const outcome = readIdeGraph(rawGraph, path, {});
    if (!outcome.ok) {
      issues.push(...outcome.issues);
      if (isJsonObject(rawGraph) && typeof rawGraph.id === 'string') unreadGraphIds.add(rawGraph.id);
      return;
    }
    const earlier = firstPathById.get(outcome.graph.id);
    if (earlier !== undefined) {
      issues.push({ path: joinPath(path, 'id'), message: `Graph id '${outcome.graph.id}' is used by ${earlier} and ${path}; graph ids must be unique` });
      return;
    }
    firstPathById.set(outcome.graph.id, path);
    graphs.push(outcome.graph);
  });
  if (graphs.length === 0) return { issues };
  const main = chooseMain(graphs);
  const workflow = { id: parsed.data.id ?? main.id, name: parsed.data.name ?? main.name, graphs, main, unreadGraphIds };
  return { workflow, issues };
}

/** The graph that runs: the one marked main, else the one with id `main`, else the first. */
function chooseMain(graphs: readonly IdeGraph[]): IdeGraph {
  return graphs.find((graph) => graph.isMain) ?? graphs.find((graph) => graph.id === 'main') ?? graphs[0];
}

function single(outcome: ReturnType<typeof readIdeGraph>, id: string | null | undefined, name: string | null | undefined): ReadWorkflowOutcome {
  if (!outcome.ok) return { issues: outcome.issues };
  const main = outcome.graph;
  return { workflow: { id: id ?? main.id, name: name ?? main.name, graphs: [main], main, unreadGraphIds: new Set() }, issues: [] };
}

function fail(path: string, message: string): ReadWorkflowOutcome {
  return { issues: [{ path, message }] };
}
