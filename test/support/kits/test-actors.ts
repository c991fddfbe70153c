import { z } from 'zod';
import { type AnyActorDefinition, type Catalogue, type JsonValue, createCatalogue, defineActor } from '../../../server/engine';

/**
 * Tiny actors for the engine's own tests (the real catalogue lives in `server/actors/`): pass-through,
 * arithmetic, sources, sinks and graph boundary nodes. All are pure: a durable run journals none of them.
 */
export const testActors = {
  /** Forwards each packet of `in` to `out`. */
  pass: defineActor({
    id: 'test_pass',
    effects: 'none',
    inports: { in: {} },
    outports: { out: {} },
    fire: ({ inputs, send }) => send('out', inputs.in ?? null),
  }),
  /** Adds `a` and `b` (both required) and sends the sum; `error-out` receives its errors. */
  add: defineActor({
    id: 'test_add',
    effects: 'none',
    inports: { a: { required: true }, b: { required: true } },
    outports: { sum: {}, 'error-out': {} },
    config: z.object({ offset: z.number().default(0) }),
    fire: ({ inputs, send, config }) => send('sum', Number(inputs.a) + Number(inputs.b) + config.offset),
  }),
  /** Scales `value` (required) by a sticky `factor` (required) and the configured `base`. */
  scale: defineActor({
    id: 'test_scale',
    effects: 'none',
    inports: { value: { required: true }, factor: { required: true, sticky: true } },
    outports: { out: {} },
    config: z.object({ base: z.number().default(1) }),
    fire: ({ inputs, send, config }) => send('out', Number(inputs.value) * Number(inputs.factor) * config.base),
  }),
  /** A source: sends `0 .. count-1` on `out`, awaiting each send. */
  count: defineActor({
    id: 'test_count',
    effects: 'none',
    inports: {},
    outports: { out: {} },
    config: z.object({ count: z.number().int().min(0) }),
    async fire({ send, config, signal }) {
      for (let i = 0; i < config.count && !signal.aborted; i++) await send('out', i);
    },
  }),
  /** A source: sends the configured `value` once. */
  constant: defineActor({
    id: 'test_constant',
    effects: 'none',
    inports: {},
    outports: { out: {} },
    config: z.object({ value: z.unknown() }),
    fire: ({ send, config }) => send('out', (config.value ?? null) as JsonValue),
  }),
  /** Throws the packet it receives as an error message; forwards nothing. */
  fail: defineActor({
    id: 'test_fail',
    effects: 'none',
    inports: { in: {} },
    outports: { out: {}, error: {} },
    fire: ({ inputs }) => {
      throw new Error(String(inputs.in ?? 'failed'));
    },
  }),
  /** Stands for an input port of the enclosing graph: sends `graphInput(inputName)` on `data`. */
  graphInput: defineActor({
    id: 'test_graph_input',
    effects: 'none',
    inports: {},
    outports: { data: {} },
    config: z.object({ inputName: z.string().default('input') }),
    graphPort: { direction: 'in', nameKey: 'inputName', defaultName: 'input' },
    async fire({ graphInput, send, config }) {
      const value = graphInput(config.inputName);
      if (value.found) await send('data', value.value);
    },
  }),
  /** Stands for an output port of the enclosing graph: emits each packet of `data` as `graphOutput(outputName)`. */
  graphOutput: defineActor({
    id: 'test_graph_output',
    effects: 'none',
    inports: { data: { required: true } },
    outports: {},
    config: z.object({ outputName: z.string().default('output') }),
    graphPort: { direction: 'out', nameKey: 'outputName', defaultName: 'output' },
    fire: ({ inputs, graphOutput, config }) => graphOutput(config.outputName, inputs.data ?? null),
  }),
  /** Sends the absolute value of `in`. */
  abs: defineActor({
    id: 'test_abs',
    effects: 'none',
    inports: { in: { required: true } },
    outports: { out: {} },
    fire: ({ inputs, send }) => send('out', Math.abs(Number(inputs.in))),
  }),
} satisfies Record<string, AnyActorDefinition>;

/** A sink that records every packet it receives on `in`, with the id the test gives it. */
export function collector(id: string, received: JsonValue[]): AnyActorDefinition {
  return defineActor({
    id,
    inports: { in: {} },
    outports: {},
    effects: 'none',
    fire: ({ inputs }) => {
      received.push(inputs.in ?? null);
    },
  });
}

/** A catalogue of every test actor plus the ones a test adds. */
export function testCatalogue(...extra: AnyActorDefinition[]): Catalogue {
  return createCatalogue([...Object.values(testActors), ...extra]);
}

/** Options every test run shares. */
export const testRun = { executionId: 'exec-1', workflowId: 'wf-1' } as const;
