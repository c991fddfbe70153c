import { z } from 'zod';
import { defineActor } from '../sdk/actor-definition';
import { compositeNodeConfig, mergeConfig, replaceConfigLayer, settleNodeConfig } from './node-config';

const fetcher = defineActor({
  id: 'test_fetcher',
  inports: {},
  outports: {},
  config: z.object({ timeout: z.number(), retries: z.number().default(1) }),
  fire: () => undefined,
});

describe('node configuration', () => {
  it("gives a node's own values precedence over the network's defaults, metadata.config over propertyValues", () => {
    expect(mergeConfig({ timeout: 30, retries: 3, level: 'info' }, { timeout: 10, level: 'debug' }, { timeout: 5 })).toEqual({ timeout: 5, retries: 3, level: 'debug' });
    expect(mergeConfig(undefined, {}, {})).toEqual({});
  });

  it('settles the merged layers with their parse, the schema defaults applied', () => {
    const outcome = settleNodeConfig(fetcher, { timeout: 30, unknown: true }, { timeout: 10 }, { timeout: 5 });
    expect(outcome).toEqual({
      ok: true,
      config: { base: { timeout: 10, unknown: true }, merged: { timeout: 5, unknown: true }, parsed: { timeout: 5, retries: 1 } },
    });
  });

  it('names the key of each problem of the parse', () => {
    expect(settleNodeConfig(fetcher, undefined, {}, { timeout: 'soon' })).toEqual({
      ok: false,
      problems: [{ key: 'timeout', message: "config 'timeout': Expected number, received string" }],
    });
  });

  it('merges a replaced metadata.config over the same defaults and propertyValues', () => {
    const settled = settleNodeConfig(fetcher, { retries: 3 }, { timeout: 10 }, { timeout: 5 });
    if (!settled.ok) throw new Error('configuration is invalid');
    expect(replaceConfigLayer(settled.config, { retries: 9 })).toEqual({ base: { retries: 3, timeout: 10 }, merged: { retries: 9, timeout: 10 } });
  });

  it('gives a configuration equal to the one its actor parsed last that same parse, and parses any other', () => {
    const parsedOf = (config: Record<string, number>): unknown => {
      const outcome = settleNodeConfig(fetcher, undefined, {}, config);
      return outcome.ok ? outcome.config.parsed : outcome.problems;
    };
    const first = parsedOf({ timeout: 7 });
    expect(parsedOf({ timeout: 7 })).toBe(first);
    expect(parsedOf({ timeout: 8 })).toEqual({ timeout: 8, retries: 1 });
    expect(parsedOf({ timeout: 7, retries: 2 })).toEqual({ timeout: 7, retries: 2 });
  });

  it('settles every node that sets no key, in a network without defaults, as one configuration', () => {
    const defaulted = defineActor({ id: 'test_defaulted', inports: {}, outports: {}, config: z.object({ retries: z.number().default(2) }), fire: () => undefined });
    const first = settleNodeConfig(defaulted, undefined, {}, {});
    expect(first).toEqual({ ok: true, config: { base: {}, merged: {}, parsed: { retries: 2 } } });
    expect(settleNodeConfig(defaulted, undefined, {}, {})).toBe(first);
    expect(settleNodeConfig(defaulted, {}, {}, {})).not.toBe(first);
    expect(settleNodeConfig(fetcher, undefined, {}, {})).toEqual({ ok: false, problems: [{ key: 'timeout', message: "config 'timeout' is required" }] });
  });

  it('keeps no object of the caller in a parse it gives again', () => {
    const relay = defineActor({ id: 'test_relay', inports: {}, outports: {}, config: z.object({ headers: z.record(z.unknown()) }), fire: () => undefined });
    const config = { headers: { accept: 'text/plain' } };
    settleNodeConfig(relay, undefined, {}, config);
    config.headers.accept = 'changed';
    const again = settleNodeConfig(relay, undefined, {}, { headers: { accept: 'text/plain' } });
    expect(again.ok && again.config.parsed).toEqual({ headers: { accept: 'text/plain' } });
  });

  it('takes the layers of a composite node as their own parse', () => {
    const composite = compositeNodeConfig({ a: 1 }, { b: 2 }, { a: 3 });
    expect(composite).toEqual({ base: { a: 1, b: 2 }, merged: { a: 3, b: 2 }, parsed: { a: 3, b: 2 } });
    expect(composite.parsed).toBe(composite.merged);
  });
});
