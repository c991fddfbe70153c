import { type EngineEventOf } from '../../../model';
import { runGraph } from '../runtime/run-graph';
import { testCatalogue, testRun } from '../../../test/support/kits';
import { defineActor } from './actor-definition';
import { JsonText, jsonTextAt, packetValue, withJsonTexts } from './json-text';

// A value whose text was not made by JSON.stringify (spaces), so that a re-serialisation would show.
const TEXT = '[1, {"a": "b"}]';

const sendsText = defineActor({
  id: 'test_text',
  inports: {},
  outports: { out: {} },
  fire: ({ send }) => send('out', new JsonText(TEXT, Buffer.byteLength(TEXT))),
});

describe('JsonText', () => {
  it('parses its text once, when its value is first asked for, and serialises as that value', () => {
    const text = new JsonText(TEXT, 15);
    expect(text.value).toEqual([1, { a: 'b' }]);
    expect(text.value).toBe(text.value);
    expect(JSON.stringify({ v: text })).toBe('{"v":[1,{"a":"b"}]}');
    expect(packetValue(text)).toBe(text.value);
    expect(packetValue(3)).toBe(3);
  });

  it('makes properties that look like plain JSON and whose text is found without parsing it', () => {
    const text = new JsonText(TEXT, 15);
    const values = withJsonTexts({ big: text, small: 2 });
    expect(jsonTextAt(values, 'big')).toBe(text);
    expect(jsonTextAt(values, 'small')).toBeUndefined();
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(values));
    expect(jsonTextAt(copy, 'big')).toBe(text);
    expect(values).toEqual({ big: [1, { a: 'b' }], small: 2 });
    expect(JSON.stringify(values)).toBe('{"big":[1,{"a":"b"}],"small":2}');
  });

  it("reaches the run's outputs as its text and a connected node as its value", async () => {
    const graph = {
      processes: { t: { component: 'test_text' }, p: { component: 'test_pass' } },
      connections: [{ from: { nodeId: 't', portId: 'out' }, to: { nodeId: 'p', portId: 'in' } }],
      outports: { raw: { process: 't', port: 'out' }, passed: { process: 'p', port: 'out' } },
    };
    const { result, events } = await runGraph(graph, testCatalogue(sendsText), { ...testRun, maxEventPayloadBytes: 4 });
    expect(jsonTextAt(result.outputs, 'raw')?.text).toBe(TEXT);
    expect(jsonTextAt(result.outputs, 'passed')).toBeUndefined();
    expect(result.outputs).toEqual({ raw: [1, { a: 'b' }], passed: [1, { a: 'b' }] });
    const sent = events.find((event): event is EngineEventOf<'MessageSent'> => event._type === 'MessageSent' && event.fromActor === 't');
    expect(sent).toMatchObject({ message: '[1, ', truncated: true });
  });
});
