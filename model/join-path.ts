/**
 * Extends a path with keys and indexes, the way issues and error details show a place in a value: keys joined by
 * dots, indexes in brackets. The one way the service writes a zod issue's path or a path into JSON.
 * @example joinPath('graphs[0]', 'nodes', 3, 'id') // 'graphs[0].nodes[3].id'
 * @example joinPath('', ...issue.path) // 'connections[2].to.portId'
 */
export function joinPath(base: string, ...segments: readonly (string | number)[]): string {
  let path = base;
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path;
}
