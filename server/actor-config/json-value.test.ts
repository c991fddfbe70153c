import { runInNewContext } from 'node:vm';
import { ConfigError, isConfigError } from './config-error';
import { type JsonObject, cloneJson, deepMerge, jsonEqual, toJsonValue } from './json-value';

describe('JSON values', () => {
  it('accepts plain objects made in another realm, such as a vm context or structuredClone', () => {
    const foreign = runInNewContext('({ a: [{ b: 1 }] })') as object;
    expect(toJsonValue({ nested: foreign, cloned: structuredClone({ c: { d: 2 } }) }, 'VALIDATION')).toEqual({
      nested: { a: [{ b: 1 }] },
      cloned: { c: { d: 2 } },
    });
  });

  it('still refuses class instances', () => {
    class Point {
      x = 1;
    }
    expect(() => toJsonValue({ p: new Point() }, 'VALIDATION')).toThrow(/Point, which is not a JSON value/);
  });

  it('copies an input as JSON.stringify sees it: dates as ISO text, undefined properties dropped', () => {
    const input = { when: new Date('2024-01-02T03:04:05Z'), gone: undefined, list: [1, undefined] };
    expect(toJsonValue(input, 'VALIDATION')).toEqual({ when: '2024-01-02T03:04:05.000Z', list: [1, null] });
  });

  it('throws the given code naming the key of a value JSON cannot hold', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const [input, key] of [
      [{ a: { b: () => 1 } }, 'a.b'],
      [{ n: [Infinity] }, 'n[0]'],
      [cyclic, 'self'],
      [{ m: new Map() }, 'm'],
    ] as const) {
      let error: unknown;
      try {
        toJsonValue(input, 'PARSE');
      } catch (caught) {
        error = caught;
      }
      expect(isConfigError(error, 'PARSE')).toBe(true);
      expect((error as ConfigError).message).toContain(`'${key}'`);
    }
  });

  it('merges nested objects key by key and replaces arrays and scalars', () => {
    const base: JsonObject = { a: { x: 1, y: [1, 2] }, b: 1 };
    const merged = deepMerge(base, { a: { y: [3] }, b: { c: true } });
    expect(merged).toEqual({ a: { x: 1, y: [3] }, b: { c: true } });
    expect(base).toEqual({ a: { x: 1, y: [1, 2] }, b: 1 });
  });

  it('clones without sharing and compares structurally', () => {
    const value: JsonObject = { a: [{ b: 1 }] };
    const copy = cloneJson(value);
    expect(jsonEqual(copy, value)).toBe(true);
    (copy.a as JsonObject[])[0].b = 2;
    expect(jsonEqual(copy, value)).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
  });

  it('carries code, key and an Error prototype on ConfigError', () => {
    const error = new ConfigError('IO', "Config file 'x.yaml' does not exist", { path: 'x.yaml' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ConfigError', code: 'IO', path: 'x.yaml', issues: [] });
    expect(error.key).toBeUndefined();
  });
});
