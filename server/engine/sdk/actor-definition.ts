import { z } from 'zod';
import { type JsonObject, type JsonValue, type PortDatatype } from '../../../model';
import { type IdeFacts } from './ide-facts';
import { type JsonPacket } from './json-text';
import { type Grouping } from './grouping';
import { type RunResources } from './run-resources';

/** What a port tells FBP tools of its packets; the engine checks neither. */
interface PortTyping {
  /** The kind of packet, as `component:component` shows it. @default 'all' */
  type?: PortDatatype;
  /** The packets' shape, when a schema states it: FBP tools are sent its JSON Schema. */
  schema?: z.ZodTypeAny;
}

/** Declares one input port of an actor. */
export interface InPortSpec extends PortTyping {
  /** What the port receives, shown in the catalogue. */
  description?: string;
  /**
   * A required port must be fed (by a connection, an initial packet, an exported inport or the execution
   * input) - validation rejects a graph where it is not - and the actor fires only when every required
   * port holds a packet. Optional ports are read when they hold one.
   * @default false
   */
  required?: boolean;
  /**
   * A sticky port keeps its last packet: once it has received one, it counts as holding a packet for
   * every later firing, until a newer packet replaces it. Meant for settings-like ports (headers, schema,
   * pattern).
   * @default false
   */
  sticky?: boolean;
  /**
   * A control port configures the node rather than triggering it: it keeps its last packet (a newer one
   * replaces it at once), and a packet on it never fires the node alone. While it is fed and has not
   * received its first packet yet, the node waits, so that no firing goes without it. When every fed
   * port of a node is a control port, they trigger firings like sticky ports, so that such a node still runs.
   * @default false
   */
  control?: boolean;
  /**
   * An addressable port (NoFlo's array port) takes connections that name one of its slots: `IN[0]` in .fbp, an
   * `index` in FBP JSON. The packets of every slot arrive at this one port, in arrival order, as the packets of
   * several connections without an index do; the actor is not told which slot a packet came by. A connection that
   * names a slot of a port that is not addressable is refused (`PORT_INDEX`).
   * @default false
   */
  addressable?: boolean;
}

/** Declares one output port of an actor. */
export interface OutPortSpec extends PortTyping {
  /** What the port emits, shown in the catalogue. */
  description?: string;
  /**
   * An addressable outport takes connections that name one of its slots (`OUT[1]`, an `index`); a send goes to
   * every connected slot, as NoFlo's send without an index does. A connection that names a slot of a port that is
   * not addressable is refused (`PORT_INDEX`).
   * @default false
   */
  addressable?: boolean;
}

/**
 * What a firing does besides computing its packets, which decides how a durable run treats it after a crash:
 * - `'none'`: pure and deterministic: the same inputs and configuration always give the same packets, and
 *   nothing outside the run is read or changed (math, logic, transforms). Not journaled: it runs again on resume.
 * - `'repeatable'`: reads the world, time or randomness, or changes it in a way that is harmless to repeat (an
 *   HTTP GET or PUT, a read query, a script in a sandbox without network). Its outputs are journaled; a firing
 *   interrupted by a crash runs again.
 * - `'once'`: changes the world in a way that must not happen twice (a POST, an insert, a message, a paid
 *   call). Its outputs are journaled, and it starts only once its start is on disk: a firing interrupted by a
 *   crash fails the run rather than run again, unless the node has a retry policy.
 */
export type FiringEffects = 'none' | 'repeatable' | 'once';

/**
 * Tells the effects of one firing from the node's configuration and the firing's inputs. Declared as a method so
 * that a definition of any configuration type fits the catalogue's erased one.
 */
export type EffectsOfFiring<C> = { of(config: C, inputs: Readonly<Record<string, JsonValue>>): 'repeatable' | 'once' }['of'];

/** The value a network hands a graph-input node, see {@link ActorContext.graphInput}. */
export type GraphInputValue = { found: true; value: JsonValue } | { found: false };

/**
 * What an actor sees each time it fires.
 *
 * @typeParam C - the actor's parsed configuration
 * @typeParam I - its input port ids
 * @typeParam O - its output port ids
 * @typeParam S - its per-instance state
 */
export interface ActorContext<C, I extends string, O extends string, S> {
  /** The node being run: `id` is its path in the graph (`parent/child` inside a subgraph). */
  readonly node: { readonly id: string; readonly component: string };
  /** The execution this run belongs to, with its metadata as the client sent it. */
  readonly execution: { readonly id: string; readonly workflowId: string; readonly metadata: JsonObject };
  /** The configuration, parsed with the actor's schema; a dynamic update is seen at the next firing. */
  readonly config: C;
  /**
   * The packets taken for this firing, one per port that held one. A packet sent to several nodes is the same
   * object for each of them: read inputs, never mutate them.
   */
  readonly inputs: Partial<Record<I, JsonValue>>;
  /**
   * The grouping (NoFlo brackets) of each input packet sent within groups, by port; undefined when none was. Most
   * actors never read it: their sends inherit it (see `send`).
   */
  readonly groupings: Partial<Record<I, Grouping>> | undefined;
  /** Per-instance state from `createState`, kept across firings of this node. */
  readonly state: S;
  /** Aborted when the run is cancelled, times out or fails; pass it to every I/O call. */
  readonly signal: AbortSignal;
  /**
   * Whether the run has stopped (cancelled, timed out, failed) or ended: from then on sends are dropped. The
   * check for a loop that only needs to know when to quit: the first read of `signal` makes the run's
   * AbortSignal, which costs as much as a whole short run.
   */
  stopped(): boolean;
  /**
   * Sends a packet on an output port to every connected target. The promise resolves once every target
   * queue has room (backpressure) and, in a long loop, on a later turn of the event loop; an actor that
   * emits many packets awaits it. One that does not await may overfill a queue (nothing is dropped, but
   * memory grows). Never throws: an unknown port or a value that is not plain JSON (a function, `undefined`,
   * a BigInt, `NaN`, a Date, a cycle) is an actor error of the node. A large value the actor holds as checked
   * JSON text may be sent as a {@link JsonText}.
   *
   * `grouping` says which groups the packet is sent within and which of them close after it. Left out, the packet
   * takes the grouping of the packet that triggered the firing: that of the first input port, in declaration order,
   * whose packet was sent within groups (none when no packet was), as NoFlo forwards the brackets of `in` to its
   * outports; every send of the firing takes it. An actor that makes streams itself (a NoFlo component) passes it.
   */
  send(port: O, value: JsonPacket, grouping?: Grouping): Promise<void>;
  /** Whether a port of this node is connected (or, for an input, fed in any way). */
  isConnected(port: I | O): boolean;

  /** A timer the network counts as pending work: the run does not end while it is armed. Returns a canceller. */
  setTimeout(callback: () => void | Promise<void>, ms: number): () => void;
  /** A repeating timer counted as pending work until cancelled. Returns a canceller. */
  setInterval(callback: () => void | Promise<void>, ms: number): () => void;
  /** The value the enclosing run received under `name` (execution input, or the subgraph node's port). */
  graphInput(name: string): GraphInputValue;
  /** Emits a value as the run's output `name` (the subgraph node's output port of that name). */
  graphOutput(name: string, value: JsonValue): Promise<void>;
  /**
   * Shows a piece of the value an output port will carry as soon as it is produced (an LLM's text as it
   * arrives, a media frame): a `StreamChunk` event that subscribers see at once, numbered per port from 0.
   * Nothing is sent on the port; the whole value still goes out with `send`. Never throws: an unknown port or
   * a value that is not JSON is an actor error of the node.
   */
  stream(port: O, piece: JsonValue): void;
  /** Writes a diagnostic line attributed to this node. */
  log(message: string, fields?: JsonObject): void;
  /** What the run's actors share (database pools, clients), closed when the run ends; see {@link RunResources}. */
  readonly resources: RunResources;
  /**
   * A secret the operator configured (the environment's `SECRET_<NAME>` or the secret store), for settings
   * a template reads from named secrets such as `DB_PASSWORD`; undefined when there is none. It is masked
   * in events and results like a `${secret:...}` reference.
   */
  secret(name: string): string | undefined;
}

/**
 * A component of the catalogue: its ports, its configuration schema and what it does when it fires.
 * One instance exists per node; an instance fires once at a time, in packet order.
 */
export interface ActorDefinition<C = unknown, I extends string = string, O extends string = string, S = undefined> {
  /** The component name graphs use (an IDE template id such as `tpl_math_add`). */
  readonly id: string;
  /** A short human title. */
  readonly title?: string;
  /** What the actor does. */
  readonly description?: string;
  /** Input ports by id. */
  readonly inports: Readonly<Record<I, InPortSpec>>;
  /** Output ports by id. */
  readonly outports: Readonly<Record<O, OutPortSpec>>;
  /** The configuration schema; its parsed output is `ctx.config`. Unknown keys are stripped. */
  readonly config: z.ZodType<C, z.ZodTypeDef, unknown>;
  /**
   * Marks a graph-boundary actor (graph input or output): the config key whose value names the port of
   * the enclosing subgraph node that this node stands for, and the name used when the key is unset.
   */
  readonly graphPort?: { readonly direction: 'in' | 'out'; readonly nameKey: string; readonly defaultName: string };
  /**
   * How the IDE's template table shows the actor (template type, editors, env vars); an actor of a package that
   * leaves it out gets a type named after its library (the part of its id before `/`), else `custom`.
   */
  readonly ide?: IdeFacts;
  /**
   * What a firing does besides computing its packets (see {@link FiringEffects}), or a function that tells it
   * for one firing from its configuration and inputs (an HTTP call is `'repeatable'` for a GET, `'once'` for a
   * POST). An actor that does not say is taken to have effects that must not repeat.
   * @default 'once'
   */
  readonly effects?: FiringEffects | EffectsOfFiring<C>;
  /** Builds the per-instance state, once per node before its first firing. */
  readonly createState?: () => S;
  /**
   * Does the work of one firing. A node with no fed input port fires once when the run starts.
   * A throw or a rejection becomes an `ActorFailed` event and is routed to the node's `error` or
   * `error-out` port when that port is connected; otherwise it fails the run.
   */
  fire(ctx: ActorContext<C, I, O, S>): void | Promise<void>;
  /** Releases what the instance holds (connections, handles) when the run ends for any reason. */
  readonly dispose?: (state: S) => void | Promise<void>;
  /**
   * The npm package the actor was loaded from (an actor package, a NoFlo component library), as its loader
   * attaches it; undefined for a built-in actor. Not something a definition states of itself.
   */
  readonly package?: ActorPackage;
}

/** The npm package an actor came from, as its package.json says: `version` is null when it states none. */
export interface ActorPackage {
  readonly name: string;
  readonly version: string | null;
}

/** An actor definition with its type parameters erased, as the catalogue stores it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyActorDefinition = ActorDefinition<any, string, string, any>;

/**
 * Declares an actor, inferring its config type from the schema and its port ids from the port maps.
 *
 * @example
 * export const mathAdd = defineActor({
 *   id: 'tpl_math_add',
 *   inports: { 'a-in': { required: true }, 'b-in': { required: true } },
 *   outports: { 'result-out': {} },
 *   config: z.object({ precision: z.number().default(2) }), // may be left out when the actor has no settings
 *   fire: ({ inputs, config, send }) => send('result-out', round(Number(inputs['a-in']) + Number(inputs['b-in']), config.precision)),
 * });
 */
export function defineActor<C = Record<string, never>, I extends string = never, O extends string = never, S = undefined>(
  definition: ActorDefinitionInput<C, I, O, S>,
): ActorDefinition<C, I, O, S> {
  return { ...definition, config: definition.config ?? (NO_CONFIG as unknown as z.ZodType<C, z.ZodTypeDef, unknown>) };
}

/** What `defineActor` takes: a definition whose `config` may be left out when the actor has no settings. */
export type ActorDefinitionInput<C, I extends string, O extends string, S> = Omit<ActorDefinition<C, I, O, S>, 'config' | 'package'> & {
  readonly config?: z.ZodType<C, z.ZodTypeDef, unknown>;
};

// The configuration of an actor without settings: every key is stripped.
const NO_CONFIG = z.object({});

/**
 * The `error-out` port of an actor: a failed firing is routed there, as `{ ...details, message, node_id,
 * component }`, when it is connected, instead of failing the run. Spread it into `outports`.
 * @param when - when the actor fails, for the catalogue, such as `'when the division fails'`
 * @example outports: { 'result-out': {}, ...errorOutPort('when the division fails') }
 */
export function errorOutPort(when: string): { readonly 'error-out': OutPortSpec } {
  return { 'error-out': { type: 'object', description: `Receives {message, node_id, component} ${when}.` } };
}
