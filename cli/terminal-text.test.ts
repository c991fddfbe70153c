import { terminalText } from './terminal-text';

describe('terminalText', () => {
  it('shows ESC, BEL, CSI, DEL and line breaks as visible escapes', () => {
    expect(terminalText('a\x1b[2Jb\x07c\x9bd\x7fe\nf\tg\rh\x00')).toBe('a\\x1b[2Jb\\x07c\\x9bd\\x7fe\\nf\\tg\\rh\\x00');
  });

  it('leaves printable text, accents and emoji as they are', () => {
    expect(terminalText('Zoë → 日本 🎉 [ok]')).toBe('Zoë → 日本 🎉 [ok]');
  });
});
