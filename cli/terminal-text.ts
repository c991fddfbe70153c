/** C0 controls, DEL and C1 controls: the bytes a terminal acts on instead of showing (ESC, CSI, BEL, backspace...). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** How a control character is shown: `\n`, `\t` and `\r` as in JSON, every other one as `\xHH` (ESC is `\x1b`). */
function visible(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  if (char === '\r') return '\\r';
  return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/**
 * Text from a graph, a service or a user made safe to print on a terminal: every control character is shown as a
 * visible escape, so that a node id or an error message cannot move the cursor, change the title or clear the screen.
 * @example terminalText('boom\x1b]0;owned\x07') // 'boom\\x1b]0;owned\\x07'
 */
export function terminalText(text: string): string {
  return text.replace(CONTROL, visible);
}
