import { type Catalogue } from '../sdk/catalogue';
import { type Graph } from './graph';
import { type GraphIssue } from './graph-issue';
import { type GraphJson, type JsonObject, type JsonValue } from '../../../model';
import { FingerprintCache } from './fingerprint-cache';
import { type FingerprintedCopy, fingerprintedCopy, jsonFingerprint, sameJson } from './json-fingerprint';
import { parseGraph, readGraph } from './parse-graph';
import { runOutputNames } from './run-output-names';
import { unknownComponents } from './unknown-components';
import { type ValidGraph } from './valid-graph';
import { validateGraph } from './validate-graph';

/** What compiling a graph found: the graph as read (when its shape allowed), the runnable graph when valid, and every issue. */
export interface CompiledGraph {
  /** The graph as read, ports as submitted; absent when its shape is wrong. */
  readonly read?: Graph;
  /** The validated graph, ready to run; absent when there are issues. */
  readonly graph?: ValidGraph;
  readonly issues: readonly GraphIssue[];
}

/** How a compiler is set up. */
export interface GraphCompilerOptions {
  /** The network's default actor configuration: every node starts from it, its `propertyValues` and `config` winning per key. */
  readonly defaultActorConfig?: JsonObject;
  /**
   * How many distinct graphs are remembered, the least recently used forgotten first; of them, only the 32 newest
   * of the graphs compiled once and not compiled again since. @default 256
   */
  readonly capacity?: number;
  /** Graphs whose JSON text is longer than this are compiled every time, never remembered. @default 262144 */
  readonly maxRememberedChars?: number;
}

/** Default of `GraphCompilerOptions.capacity`. */
const DEFAULT_COMPILED_GRAPHS = 256;
/** Default of `GraphCompilerOptions.maxRememberedChars`. */
const DEFAULT_MAX_REMEMBERED_CHARS = 256 * 1024;

/** What a remembered outcome was compiled from. */
interface CompiledContent {
  readonly kind: string;
  /** The copy of the graph that was compiled (as JSON.parse of its text would be). */
  readonly json: JsonValue;
  readonly inputKeys: readonly string[];
}

/**
 * Reads and validates graphs against one catalogue, and remembers the outcome for each graph content: a
 * workflow is usually started many times with the same graph, and reading and validating it again (schema
 * parse, every node's configuration parsed, ports matched) is most of what a small run costs. The content is
 * the graph with the input's keys, because validation reads only which inputs are given (unknown keys, the
 * whole-input fallback), never their values; it is found by a fingerprint and confirmed by comparing the
 * graph with a copy of the one compiled. Outcomes are shared between runs and never mutated.
 */
export class GraphCompiler {
  private readonly remembered: FingerprintCache<CompiledContent, CompiledGraph>;
  private readonly maxRememberedChars: number;
  private readonly remembers: boolean;

  constructor(
    private readonly catalogue: Catalogue,
    private readonly options: GraphCompilerOptions = {},
  ) {
    const capacity = Math.max(0, options.capacity ?? DEFAULT_COMPILED_GRAPHS);
    this.remembered = new FingerprintCache(capacity);
    this.remembers = capacity > 0;
    this.maxRememberedChars = options.maxRememberedChars ?? DEFAULT_MAX_REMEMBERED_CHARS;
  }

  /** Compiles a graph in any lenient FBP JSON form (its shape is checked here). */
  compile(json: unknown, input: JsonObject = {}): CompiledGraph {
    return this.remember('json', json, input, parseGraph);
  }

  /** Compiles a graph whose shape `GraphJsonSchema` has already checked (a request body the transport parsed). */
  compileChecked(data: GraphJson, input: JsonObject = {}): CompiledGraph {
    return this.remember('checked', data, input, (copy) => readGraph(copy as GraphJson));
  }

  /** The names a run of `graph` may report outputs under (see {@link runOutputNames}). */
  outputNames(graph: ValidGraph): Set<string> {
    return runOutputNames(graph, this.catalogue);
  }

  private remember(kind: string, json: unknown, input: JsonObject, read: (json: unknown) => ReturnType<typeof parseGraph>): CompiledGraph {
    const inputKeys = Object.keys(input);
    const matches = (content: CompiledContent): boolean => content.kind === kind && sameKeys(content.inputKeys, inputKeys) && sameJson(json, content.json);
    // The graph compiled or found last is compared first: a workflow started again and again (a trigger, a
    // deployment) is then found without walking its graph twice, for the fingerprint and to compare.
    const latest = this.remembers ? this.remembered.findLatest(matches) : undefined;
    if (latest !== undefined) return latest;
    // Fingerprinted and copied in one walk: a graph seen for the first time needs both, and is compiled from the
    // copy, so that the outcome shares nothing with the caller's object, which may change later.
    const content = this.remembers ? contentCopy(kind, json, inputKeys, this.maxRememberedChars) : undefined;
    if (content === undefined) return this.compileNow(read(json), input);
    const known = this.remembered.find(content.fingerprint, matches);
    if (known !== undefined) return known;
    const compiled = this.compileNow(read(content.copy), input);
    this.remembered.add(content.fingerprint, { kind, json: content.copy, inputKeys }, compiled);
    return compiled;
  }

  private compileNow(parsed: ReturnType<typeof parseGraph>, input: JsonObject): CompiledGraph {
    if (!parsed.ok) return { issues: parsed.graph === undefined ? parsed.issues : [...parsed.issues, ...unknownComponents(parsed.graph, this.catalogue)] };
    const validated = validateGraph(parsed.graph, this.catalogue, { input, defaultActorConfig: this.options.defaultActorConfig });
    return validated.ok ? { read: parsed.graph, graph: validated.graph, issues: [] } : { read: parsed.graph, issues: validated.issues };
  }
}

/** The fingerprint of a graph's content with a copy of the graph, or undefined when it is not to be remembered (too long, or not plain JSON). */
function contentCopy(kind: string, json: unknown, inputKeys: readonly string[], maxChars: number): FingerprintedCopy | undefined {
  let seed = jsonFingerprint(kind, maxChars);
  for (const key of inputKeys) seed = seed === undefined ? undefined : jsonFingerprint(key, maxChars, seed);
  return seed === undefined ? undefined : fingerprintedCopy(json, maxChars, seed);
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}
