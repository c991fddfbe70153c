import { LineCollector } from './line-collector';

describe('LineCollector', () => {
  it('splits chunks into lines per stream, marking stderr and keeping an unfinished last line', () => {
    const collector = new LineCollector();
    collector.feed('', 'hel');
    collector.feed('[stderr] ', 'warn');
    collector.feed('', 'lo\r\nwor');
    collector.feed('[stderr] ', 'ing\n');
    collector.feed('', 'ld');
    expect(collector.finish()).toEqual(['hello', '[stderr] warning', 'world']);
  });

  it('keeps a bounded number of lines and cuts long ones', () => {
    const collector = new LineCollector({ maxLines: 2, maxLineChars: 5 });
    collector.feed('', 'abcdefgh\nsecond\nthird\nfourth\n');
    expect(collector.finish()).toEqual(['abcde... [cut]', 'secon... [cut]', '... 2 more log lines dropped']);
  });

  it('cuts a line that never ends instead of buffering it whole', () => {
    const collector = new LineCollector({ maxLines: 10, maxLineChars: 4 });
    for (let i = 0; i < 5; i++) collector.feed('', 'xxx');
    expect(collector.finish().every((line) => line.length <= 4 + '... [cut]'.length)).toBe(true);
  });
});
