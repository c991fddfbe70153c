import { readFbpText } from './fbp-text';

describe('readFbpText', () => {
  it('keeps the slots of addressable ports that connections and initial packets name', () => {
    const read = readFbpText("a(core/Split) OUT[1] -> IN[0] b(core/Merge)\n'x' -> IN[2] b");
    expect(read).toMatchObject({
      ok: true,
      graph: {
        connections: [
          { src: { process: 'a', port: 'out', index: 1 }, tgt: { process: 'b', port: 'in', index: 0 } },
          { data: 'x', tgt: { process: 'b', port: 'in', index: 2 } },
        ],
      },
    });
  });

  it('reads the legacy EXPORT= lines as legacy exports, and keeps the line numbers of the rest', () => {
    const read = readFbpText('EXPORT=MERGE.IN:IN\r\nEXPORT=SPLIT.OUT:OUT\nMerge(Merge) OUT -> IN Split(Split)\n');
    expect(read).toMatchObject({
      ok: true,
      graph: {
        exports: [
          { private: 'merge.in', public: 'in' },
          { private: 'split.out', public: 'out' },
        ],
      },
    });
    expect(readFbpText('EXPORT=A.IN:IN\nMerge(Merge) OUT ->')).toMatchObject({ ok: false, problem: { line: 2 } });
  });
});
