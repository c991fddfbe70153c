import { JsonParserConfigSchema, jsonParser } from './json-parser';
import { runNode } from '../../../test/support/kits';

describe('tpl_json_parser', () => {
  it("applies the template's defaults: strict JSON, no comments, no validation", async () => {
    expect(JsonParserConfigSchema.parse({ jsonPath: '' })).toEqual({ jsonPath: undefined, strictMode: true, allowComments: false, validateSchema: false });
    const run = await runNode(jsonParser, { packets: [['json-in', '{"a": {"b": [1, 2]}}']] });
    expect(run.packets['parsed-out']).toEqual([{ a: { b: [1, 2] } }]);
  });

  it('takes a non-string packet as already parsed', async () => {
    const run = await runNode(jsonParser, { packets: [['json-in', { a: 1 }]] });
    expect(run.packets['parsed-out']).toEqual([{ a: 1 }]);
  });

  it('sends malformed JSON to errors-out with its position and nothing on parsed-out', async () => {
    const run = await runNode(jsonParser, { packets: [['json-in', '{"a": 1,}']] });
    expect(run.packets['parsed-out']).toBeUndefined();
    expect(run.packets['errors-out']).toEqual([{ message: 'Invalid JSON at line 1, column 9: Property name expected', line: 1, column: 9, offset: 8 }]);
  });

  it('fails the node when a problem has no errors-out connection to go to', async () => {
    const run = await runNode(jsonParser, { packets: [['json-in', 'nope']], collect: ['parsed-out'] });
    expect(run.result.success).toBe(false);
    expect(run.result.errors[0].message).toContain('Invalid JSON at line 1, column 1');
  });

  it('reads trailing commas in lenient mode and comments when allowed', async () => {
    const run = await runNode(jsonParser, {
      config: { strictMode: false, allowComments: true },
      packets: [['json-in', '{"a": 1, /* b */ "b": [2,],}']],
    });
    expect(run.packets['parsed-out']).toEqual([{ a: 1, b: [2] }]);
  });

  it('selects a definite jsonPath as a value and any other path as the array of its matches', async () => {
    const text = JSON.stringify({ store: { books: [{ title: 'A', price: 5 }, { title: 'B', price: 15 }] } });
    const definite = await runNode(jsonParser, { config: { jsonPath: '$.store.books[1].title' }, packets: [['json-in', text]] });
    expect(definite.packets['parsed-out']).toEqual(['B']);
    const noDollar = await runNode(jsonParser, { config: { jsonPath: 'store.books[0].price' }, packets: [['json-in', text]] });
    expect(noDollar.packets['parsed-out']).toEqual([5]);
    const filtered = await runNode(jsonParser, { config: { jsonPath: '$.store.books[?(@.price > 10)].title' }, packets: [['json-in', text]] });
    expect(filtered.packets['parsed-out']).toEqual([['B']]);
    const missing = await runNode(jsonParser, { config: { jsonPath: '$.store.pens' }, packets: [['json-in', text]] });
    expect(missing.packets['errors-out']).toEqual([{ message: "jsonPath '$.store.pens' matched nothing", jsonPath: '$.store.pens' }]);
  });

  it('validates against the schema on schema-in when validateSchema is on', async () => {
    const schema = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } };
    const good = await runNode(jsonParser, { config: { validateSchema: true }, packets: [['schema-in', schema], ['json-in', '{"id": 3}']] });
    expect(good.packets['parsed-out']).toEqual([{ id: 3 }]);
    const bad = await runNode(jsonParser, { config: { validateSchema: true }, packets: [['schema-in', schema], ['json-in', '{"id": "x"}']] });
    expect(bad.packets['parsed-out']).toBeUndefined();
    expect(bad.packets['errors-out']).toEqual([
      { message: 'The value does not match the schema: /id must be integer', violations: [{ path: '/id', message: '/id must be integer' }] },
    ]);
  });

  it('keeps the schema for later packets and reports a missing schema', async () => {
    const schema = { type: 'array' };
    const run = await runNode(jsonParser, {
      config: { validateSchema: true },
      packets: [['schema-in', schema], ['json-in', '[1]'], ['json-in', '{}']],
    });
    expect(run.packets['parsed-out']).toEqual([[1]]);
    expect(run.packets['errors-out']).toEqual([expect.objectContaining({ message: expect.stringContaining('must be array') })]);
    const none = await runNode(jsonParser, { config: { validateSchema: true }, packets: [['json-in', '[1]']] });
    expect(none.packets['errors-out']).toEqual([{ message: 'validateSchema is on but no schema has arrived on schema-in' }]);
  });
});
