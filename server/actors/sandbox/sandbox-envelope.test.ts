import { JsonText } from '../../engine';
import { readSandboxAnswer } from './sandbox-envelope';

const check = (text: string): Promise<number> => {
  JSON.parse(text);
  return Promise.resolve(Buffer.byteLength(text));
};

const corrupted = { ok: false, error: 'the script corrupted the sandbox result (were built-ins replaced?)', logs: [] };

describe('readSandboxAnswer', () => {
  it('reads an envelope text as it is', async () => {
    expect(await readSandboxAnswer('{"ok":true,"value":1,"outputs":[],"logs":[]}', check)).toEqual({ ok: true, value: 1, outputs: [], logs: [] });
  });

  it('puts each held text in its place, checked and unparsed', async () => {
    const envelope =
      '{"ok":true,"value":{"returned":true,"value":null},"outputs":[{"port":"a","value":null}],"logs":[],"held":[["value","value"],["outputs",0]]}';
    const answer = await readSandboxAnswer([envelope, '["é"]', '{"x":1}'], check);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const value = (answer.value as { value: unknown }).value as JsonText;
    expect(value).toBeInstanceOf(JsonText);
    expect([value.text, value.bytes]).toEqual(['["é"]', 6]);
    expect((answer.outputs[0].value as unknown as JsonText).text).toBe('{"x":1}');
    expect(answer).not.toHaveProperty('held');
  });

  it('refuses an answer whose held texts are not JSON, or do not fit their places', async () => {
    const envelope = (held: string, value = 'null') => `{"ok":true,"value":${value},"outputs":[],"logs":[],"held":${held}}`;
    expect(await readSandboxAnswer([envelope('[["value"]]'), '[1,'], check)).toEqual(corrupted);
    expect(await readSandboxAnswer([envelope('[["value"]]', '1'), '[1]'], check)).toEqual(corrupted);
    expect(await readSandboxAnswer([envelope('[["outputs",0]]'), '[1]'], check)).toEqual(corrupted);
    expect(await readSandboxAnswer([envelope('[["value"],["value"]]'), '[1]', '[2]'], check)).toEqual(corrupted);
    expect(await readSandboxAnswer([envelope('[["value"]]'), '[1]', '[2]'], check)).toEqual(corrupted);
    expect(await readSandboxAnswer([envelope('[["value","a"]]', '{}'), '[1]'], check)).toEqual(corrupted);
    expect(await readSandboxAnswer(envelope('[["value"]]'), check)).toEqual(corrupted);
  });
});
