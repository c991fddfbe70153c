import { disposeSandboxIsolates } from '../sandbox';
import { RegexMatcherConfigSchema, regexMatcher } from './regex-matcher';
import { runNode } from '../../../test/support/kits';

afterAll(() => disposeSandboxIsolates());

const text = 'Order A-12 shipped, order b-7 pending, ORDER C-300 lost';

describe('tpl_regex_matcher', () => {
  it("applies the template's defaults: global flag, returnType matches", async () => {
    expect(RegexMatcherConfigSchema.parse({ pattern: 'x' })).toEqual({ pattern: 'x', flags: 'g', returnType: 'matches', replacement: '' });
    const run = await runNode(regexMatcher, { config: { pattern: '[A-Z]-\\d+' }, packets: [['text-in', text]] });
    expect(run.packets['matches-out']).toEqual([['A-12', 'C-300']]);
    expect(run.packets['groups-out']).toEqual([
      [
        { match: 'A-12', index: 6, captures: [], groups: null },
        { match: 'C-300', index: 45, captures: [], groups: null },
      ],
    ]);
  });

  it('requires a pattern and rejects one that does not compile when the graph is validated', async () => {
    await expect(runNode(regexMatcher, { packets: [['text-in', text]] })).rejects.toThrow("config 'pattern' is required");
    await expect(runNode(regexMatcher, { config: { pattern: '' }, packets: [['text-in', text]] })).rejects.toThrow("config 'pattern' is required");
    await expect(runNode(regexMatcher, { config: { pattern: '(unclosed' }, packets: [['text-in', text]] })).rejects.toThrow(
      "config 'pattern': Invalid regular expression: /(unclosed/g: Unterminated group",
    );
    await expect(runNode(regexMatcher, { config: { pattern: 'a', flags: ['x'] }, packets: [['text-in', text]] })).rejects.toThrow("config 'flags");
  });

  it('honours the i flag and, without g, returns the first match only', async () => {
    const all = await runNode(regexMatcher, { config: { pattern: 'order', flags: ['i', 'g'] }, packets: [['text-in', text]] });
    expect(all.packets['matches-out']).toEqual([['Order', 'order', 'ORDER']]);
    const first = await runNode(regexMatcher, { config: { pattern: 'order', flags: ['i'] }, packets: [['text-in', text]] });
    expect(first.packets['matches-out']).toEqual([['Order']]);
  });

  it('honours the m and s flags', async () => {
    const lines = 'one\ntwo';
    const multiline = await runNode(regexMatcher, { config: { pattern: '^\\w+$', flags: ['g', 'm'] }, packets: [['text-in', lines]] });
    expect(multiline.packets['matches-out']).toEqual([['one', 'two']]);
    const dotAll = await runNode(regexMatcher, { config: { pattern: 'one.two', flags: 's' }, packets: [['text-in', lines]] });
    expect(dotAll.packets['matches-out']).toEqual([['one\ntwo']]);
  });

  it('returns capture groups: numbered, or named when the pattern names them', async () => {
    const numbered = await runNode(regexMatcher, { config: { pattern: '([A-Z])-(\\d+)', returnType: 'groups' }, packets: [['text-in', text]] });
    expect(numbered.packets['matches-out']).toEqual([[['A', '12'], ['C', '300']]]);
    const named = await runNode(regexMatcher, {
      config: { pattern: '(?<letter>[a-z])-(?<number>\\d+)(?<suffix>x)?', flags: ['g', 'i'], returnType: 'groups' },
      packets: [['text-in', 'A-1 b-2']],
    });
    expect(named.packets['matches-out']).toEqual([
      [
        { letter: 'A', number: '1', suffix: null },
        { letter: 'b', number: '2', suffix: null },
      ],
    ]);
  });

  it('splits the text at the pattern', async () => {
    const run = await runNode(regexMatcher, { config: { pattern: '\\s*[,;]\\s*', returnType: 'split' }, packets: [['text-in', 'a , b;c']] });
    expect(run.packets['matches-out']).toEqual([['a', 'b', 'c']]);
  });

  it('replaces matches with the replacement key, $-references included', async () => {
    const run = await runNode(regexMatcher, {
      config: { pattern: '([A-Z])-(\\d+)', returnType: 'replace', replacement: '$2/$1' },
      packets: [['text-in', text]],
    });
    expect(run.packets['matches-out']).toEqual(['Order 12/A shipped, order b-7 pending, ORDER 300/C lost']);
  });

  it('lets a pattern-in packet override the configuration, and keeps it for later texts', async () => {
    const run = await runNode(regexMatcher, {
      config: { pattern: 'ignored' },
      packets: [
        ['pattern-in', { pattern: '\\d+', flags: 'g', replacement: '#' }],
        ['text-in', 'a1 b22'],
        ['text-in', 'c333'],
      ],
    });
    expect(run.packets['matches-out']).toEqual([['1', '22'], ['333']]);
    const plain = await runNode(regexMatcher, { config: { pattern: 'x' }, packets: [['pattern-in', 'b+'], ['text-in', 'abbbc']] });
    expect(plain.packets['matches-out']).toEqual([['bbb']]);
  });

  it('fails clearly on an invalid pattern-in packet', async () => {
    const run = await runNode(regexMatcher, { config: { pattern: 'x' }, packets: [['pattern-in', '[z-a]'], ['text-in', 'abc']] });
    expect(run.result.success).toBe(false);
    expect(run.result.errors[0].message).toMatch(/^Invalid pattern \/\[z-a\]\/g: .*Range out of order/);
  });

  it('ends catastrophic backtracking at its time limit with a clear error, the process staying responsive', async () => {
    const started = Date.now();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const run = await runNode(regexMatcher, { config: { pattern: '^(a+)+$' }, packets: [['text-in', `${'a'.repeat(40)}b`]] });
    clearInterval(timer);
    expect(run.result.success).toBe(false);
    expect(run.result.errors[0].message).toContain('ran longer than 1000 ms');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(ticks).toBeGreaterThan(0);
  });

  it('refuses a text longer than its bound', async () => {
    const run = await runNode(regexMatcher, { config: { pattern: 'a' }, packets: [['text-in', 'a'.repeat(1_000_001)]] });
    expect(run.result.errors[0].message).toContain('at most 1000000');
  });
});
