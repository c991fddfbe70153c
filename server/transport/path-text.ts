/** Writes a zod path the way the rest of the service does: `graphs[0].nodes`. */
export function pathText(path: readonly (string | number)[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}
