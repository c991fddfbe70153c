import { type Catalogue } from '../sdk/catalogue';
import { type Graph } from './graph';
import { type GraphIssue } from './graph-issue';
import { type GraphJson, type JsonObject } from '../../../model';
import { parseGraph, readGraph } from './parse-graph';
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
  /** Configuration every node starts from, as the networks will merge it. */
  readonly defaultActorConfig?: JsonObject;
  /** How many distinct graphs are remembered, the least recently used forgotten first. @default 256 */
  readonly capacity?: number;
  /** Graphs whose JSON text is longer than this are compiled every time, never remembered. @default 262144 */
  readonly maxRememberedChars?: number;
}

/** Default of `GraphCompilerOptions.capacity`. */
export const DEFAULT_COMPILED_GRAPHS = 256;
/** Default of `GraphCompilerOptions.maxRememberedChars`. */
export const DEFAULT_MAX_REMEMBERED_CHARS = 256 * 1024;

/**
 * Reads and validates graphs against one catalogue, and remembers the outcome for each graph content: a
 * workflow is usually started many times with the same graph, and reading and validating it again (schema
 * parse, every node's configuration parsed, ports matched) is most of what a small run costs. The key is the
 * graph's JSON text with the input's keys, because validation reads only which inputs are given (unknown
 * keys, the whole-input fallback), never their values. Outcomes are shared between runs and never mutated.
 */
export class GraphCompiler {
  private readonly remembered = new Map<string, { compiled: CompiledGraph; used: number }>();
  /** Counts lookups, so that each entry knows when it was last used. */
  private clock = 0;
  private readonly capacity: number;
  private readonly maxRememberedChars: number;

  constructor(
    private readonly catalogue: Catalogue,
    private readonly options: GraphCompilerOptions = {},
  ) {
    this.capacity = Math.max(0, options.capacity ?? DEFAULT_COMPILED_GRAPHS);
    this.maxRememberedChars = options.maxRememberedChars ?? DEFAULT_MAX_REMEMBERED_CHARS;
  }

  /** Compiles a graph in any lenient FBP JSON form (its shape is checked here). */
  compile(json: unknown, input: JsonObject = {}): CompiledGraph {
    return this.remember('json', json, input, () => parseGraph(json));
  }

  /** Compiles a graph whose shape `GraphJsonSchema` has already checked (a request body the transport parsed). */
  compileChecked(data: GraphJson, input: JsonObject = {}): CompiledGraph {
    return this.remember('checked', data, input, () => readGraph(data));
  }

  private remember(kind: string, json: unknown, input: JsonObject, read: () => ReturnType<typeof parseGraph>): CompiledGraph {
    const key = this.keyOf(kind, json, input);
    if (key === undefined) return this.compileNow(read, input);
    const known = this.remembered.get(key);
    if (known !== undefined) {
      // A hit only stamps the entry: moving it within the map (delete and set) would hash the long key twice more.
      known.used = ++this.clock;
      return known.compiled;
    }
    const compiled = this.compileNow(read, input);
    this.remembered.set(key, { compiled, used: ++this.clock });
    if (this.remembered.size > this.capacity) this.forgetLeastRecentlyUsed();
    return compiled;
  }

  private forgetLeastRecentlyUsed(): void {
    let oldest: string | undefined;
    let oldestUse = Infinity;
    for (const [key, entry] of this.remembered) {
      if (entry.used < oldestUse) {
        oldest = key;
        oldestUse = entry.used;
      }
    }
    if (oldest !== undefined) this.remembered.delete(oldest);
  }

  private compileNow(read: () => ReturnType<typeof parseGraph>, input: JsonObject): CompiledGraph {
    const parsed = read();
    if (!parsed.ok) return { issues: parsed.issues };
    const validated = validateGraph(parsed.graph, this.catalogue, { input, defaultActorConfig: this.options.defaultActorConfig });
    return validated.ok ? { read: parsed.graph, graph: validated.graph, issues: [] } : { read: parsed.graph, issues: validated.issues };
  }

  /** The content key, or undefined when the graph is not to be remembered (too long, or not JSON at all). */
  private keyOf(kind: string, json: unknown, input: JsonObject): string | undefined {
    if (this.capacity === 0) return undefined;
    // One native serialisation, without a replacer: a replacer call per value costs more than the rest of a
    // small run. A graph too long to remember is serialised once here and compiled as every other miss is.
    let text: string | undefined;
    try {
      text = JSON.stringify(json);
    } catch {
      return undefined;
    }
    if (text === undefined || text.length > this.maxRememberedChars) return undefined;
    return `${kind}\u0000${JSON.stringify(Object.keys(input))}\u0000${text}`;
  }
}
