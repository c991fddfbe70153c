import { batchToSend } from './batch-policy';
import { EventBudget } from './event-budget';
import { ideEndpoints } from './ide-endpoints';
import { jsonTypeOf, previewOf } from './payload-preview';

describe('batching', () => {
  it('sends a full batch as soon as one is waiting, whatever the urgency', () => {
    expect(batchToSend(50, 50, false)).toBe(50);
    expect(batchToSend(120, 50, false)).toBe(50);
    expect(batchToSend(120, 50, true)).toBe(50);
  });

  it('holds a partial batch until it is urgent, then sends all of it', () => {
    expect(batchToSend(7, 50, false)).toBe(0);
    expect(batchToSend(7, 50, true)).toBe(7);
    expect(batchToSend(0, 50, true)).toBe(0);
  });

  it('shares a bounded budget of buffered events and gives room back', () => {
    const budget = new EventBudget(2);
    expect([budget.tryTake(), budget.tryTake(), budget.tryTake()]).toEqual([true, true, false]);
    budget.give(1);
    expect(budget.tryTake()).toBe(true);
    budget.give(5);
    expect(budget.inUse).toBe(0);
  });
});

describe('IDE endpoints', () => {
  it('puts the trace paths under ide_url and the socket on its ws form with the identity in the query', () => {
    const endpoints = ideEndpoints('http://ide.local:3000/', { namespace: 'prod', nodeId: 'engine-1a2b3c4d' });
    expect(endpoints.sessions).toBe('http://ide.local:3000/api/zip/traces/sessions');
    expect(endpoints.events('s 1')).toBe('http://ide.local:3000/api/zip/traces/s%201/events');
    expect(endpoints.complete('s1')).toBe('http://ide.local:3000/api/zip/traces/s1/complete');
    expect(endpoints.socket).toBe('ws://ide.local:3000/ws/zip?namespace=prod&node_id=engine-1a2b3c4d');
  });

  it('keeps a path prefix of ide_url and uses wss for https', () => {
    const endpoints = ideEndpoints('https://example.com/ide?x=1', { namespace: 'n', nodeId: 'e' });
    expect(endpoints.sessions).toBe('https://example.com/ide/api/zip/traces/sessions');
    expect(endpoints.socket).toBe('wss://example.com/ide/ws/zip?namespace=n&node_id=e');
  });

  it('refuses an ide_url that is not http(s)', () => {
    expect(() => ideEndpoints('ftp://example.com', { namespace: 'n', nodeId: 'e' })).toThrow(/http\(s\)/);
  });
});

describe('payload previews', () => {
  it('keeps small values as they are and names their JSON type', () => {
    expect(previewOf({ a: 1 }, 20)).toEqual({ a: 1 });
    expect(previewOf(123456789, 3)).toBe(123456789);
    expect([{}, [], 'x', 1, true, null].map(jsonTypeOf)).toEqual(['object', 'array', 'string', 'number', 'boolean', 'null']);
  });
});
