import { joinPath } from './join-path';

describe('joinPath', () => {
  it('joins keys with dots and writes indexes in brackets', () => {
    expect(joinPath('', 'graph_json', 'connections', 0, 'to', 'portId')).toBe('graph_json.connections[0].to.portId');
  });

  it('extends a base path, starting with an index or a key', () => {
    expect(joinPath('graphs[0]', 'nodes', 3)).toBe('graphs[0].nodes[3]');
    expect(joinPath('items', 2, 'name')).toBe('items[2].name');
  });

  it('leaves a path with no segments as it is, the empty path included', () => {
    expect(joinPath('input')).toBe('input');
    expect(joinPath('')).toBe('');
  });

  it('starts a path that begins with an index with its bracket', () => {
    expect(joinPath('', 0, 'a')).toBe('[0].a');
  });
});
