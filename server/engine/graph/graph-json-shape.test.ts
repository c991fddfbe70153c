import fc from 'fast-check';
import { GraphJsonSchema } from '../../../model';
import { hasGraphJsonShape } from './graph-json-shape';

const end = fc.record(
  {
    nodeId: fc.oneof(fc.constant(''), fc.string({ minLength: 1 }), fc.constant(null), fc.integer()),
    portId: fc.string(),
    process: fc.oneof(fc.string(), fc.constant(null)),
    port: fc.string({ minLength: 1 }),
    index: fc.oneof(fc.integer(), fc.double(), fc.constant(null), fc.string()),
  },
  { requiredKeys: [] },
);
const loose = fc.oneof(fc.constant(null), fc.constant([]), fc.constant('x'), fc.integer(), fc.dictionary(fc.string(), fc.jsonValue()));
const metadata = fc.record({ config: loose, propertyValues: loose, graph: fc.jsonValue(), retry: fc.jsonValue(), title: fc.string() }, { requiredKeys: [] });
const process = fc.record({ component: fc.oneof(fc.string(), fc.constant(null)), metadata: fc.oneof(metadata, loose), id: fc.string() }, { requiredKeys: [] });
const connection = fc.record(
  { from: fc.oneof(end, loose), src: end, to: fc.oneof(end, loose), tgt: end, data: fc.jsonValue(), metadata: loose },
  { requiredKeys: [] },
);
const graph = fc.record(
  {
    caseSensitive: fc.oneof(fc.boolean(), fc.constant(null), fc.string()),
    properties: loose,
    processes: fc.oneof(fc.dictionary(fc.string(), process), fc.array(process), loose),
    connections: fc.oneof(fc.array(connection), loose),
    inports: fc.oneof(fc.dictionary(fc.string(), end), loose),
    outports: fc.oneof(fc.dictionary(fc.string(), end), loose),
    groups: loose,
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe('hasGraphJsonShape', () => {
  it('accepts only what GraphJsonSchema accepts', () => {
    fc.assert(
      fc.property(graph, (value) => {
        if (hasGraphJsonShape(value)) expect(GraphJsonSchema.safeParse(value).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts the usual graphs of both styles', () => {
    const engine = {
      processes: { a: { component: 'test_pass', metadata: { config: { x: 1 }, title: 'A' } }, b: { component: 'test_pass' } },
      connections: [{ from: { nodeId: 'a', portId: 'out' }, to: { nodeId: 'b', portId: 'in' } }],
      inports: { x: { nodeId: 'a', portId: 'in' } },
    };
    const noflo = {
      caseSensitive: false,
      properties: { name: 'g' },
      processes: [{ id: 'a', component: 'test_pass', metadata: { x: 1, y: 2 } }],
      connections: [{ data: 1, tgt: { process: 'a', port: 'in', index: null } }],
      outports: { out: { process: 'a', port: 'out', metadata: {} } },
      groups: [],
    };
    expect(hasGraphJsonShape(engine)).toBe(true);
    expect(hasGraphJsonShape(noflo)).toBe(true);
  });

  it('leaves class instances, missing processes and bad ends to the schema', () => {
    expect(hasGraphJsonShape({ processes: new Map() })).toBe(false);
    expect(hasGraphJsonShape({})).toBe(false);
    expect(hasGraphJsonShape({ processes: {}, connections: [{ to: { nodeId: '' } }] })).toBe(false);
    expect(hasGraphJsonShape({ processes: {}, connections: [{ to: { port: 'in', index: 1.5 } }] })).toBe(false);
    expect(hasGraphJsonShape({ processes: [{ component: 'x' }] })).toBe(false);
  });
});
