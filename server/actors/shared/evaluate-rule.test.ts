import { type JsonValue } from '../../engine';
import { asBoolean, asDate, coerceAs, inferValueType } from './coerce-by-type';
import { evaluateRule, isEmptyValue } from './evaluate-rule';
import { type RuleOperator, type RuleValueType, RuleSchema } from './rule-set';

function holds(packet: JsonValue, field: string, operator: RuleOperator, value?: JsonValue, valueType?: RuleValueType): boolean {
  return evaluateRule(RuleSchema.parse({ field, operator, value, valueType }), packet);
}

const order = {
  status: 200,
  name: 'Widget Pro',
  tags: ['new', 'sale'],
  paid: true,
  total: '99.5',
  at: '2024-03-10T12:00:00Z',
  meta: { a: 1 },
  blank: ' ',
  none: null,
};

describe('evaluateRule', () => {
  it('compares is / is_not after reading both sides as the value type', () => {
    expect(holds(order, 'status', 'is', '200', 'number')).toBe(true);
    expect(holds(order, 'status', 'is', '200.0', 'number')).toBe(true);
    expect(holds(order, 'status', 'is', '200')).toBe(true);
    expect(holds(order, 'status', 'is_not', '201', 'number')).toBe(true);
    expect(holds(order, 'name', 'is', 'Widget Pro', 'string')).toBe(true);
    expect(holds(order, 'name', 'is', 'widget pro')).toBe(false);
    expect(holds(order, 'paid', 'is', 'true', 'boolean')).toBe(true);
    expect(holds(order, 'paid', 'is', 'yes')).toBe(true);
    expect(holds(order, 'at', 'is', '2024-03-10T13:00:00+01:00', 'date')).toBe(true);
    expect(holds(order, 'status', 'is', 'abc', 'number')).toBe(false);
    expect(holds(order, 'status', 'is_not', 'abc', 'number')).toBe(true);
  });

  it('orders numbers, dates and text with the four comparison operators', () => {
    expect(holds(order, 'total', 'greater_than', '99', 'number')).toBe(true);
    expect(holds(order, 'total', 'greater_than', '100')).toBe(false);
    expect(holds(order, 'status', 'less_than', 300)).toBe(true);
    expect(holds(order, 'status', 'greater_equal', '200')).toBe(true);
    expect(holds(order, 'status', 'less_equal', '199')).toBe(false);
    expect(holds(order, 'at', 'greater_than', '2024-01-01', 'date')).toBe(true);
    expect(holds(order, 'at', 'less_than', '2024-01-01', 'date')).toBe(false);
    expect(holds(order, 'name', 'greater_than', 'Apple')).toBe(true);
    expect(holds(order, 'name', 'greater_than', '5', 'number')).toBe(false);
    expect(holds(order, 'missing', 'less_than', '5', 'number')).toBe(false);
  });

  it('reads "10" against "9" as numbers when no type is given', () => {
    expect(holds({ n: '10' }, 'n', 'greater_than', '9')).toBe(true);
  });

  it('finds elements, keys and substrings with contains / not_contains', () => {
    expect(holds(order, 'tags', 'contains', 'sale')).toBe(true);
    expect(holds(order, 'tags', 'not_contains', 'old')).toBe(true);
    expect(holds({ ids: [1, 2, 3] }, 'ids', 'contains', '2', 'number')).toBe(true);
    expect(holds(order, 'name', 'contains', 'Pro')).toBe(true);
    expect(holds(order, 'name', 'contains', 'pro')).toBe(false);
    expect(holds(order, 'meta', 'contains', 'a')).toBe(true);
    expect(holds(order, 'missing', 'not_contains', 'x')).toBe(true);
  });

  it('checks between inclusively, with bounds as text or an array in either order', () => {
    expect(holds(order, 'status', 'between', '100,200', 'number')).toBe(true);
    expect(holds(order, 'status', 'between', '300, 200')).toBe(true);
    expect(holds(order, 'status', 'between', [201, 300])).toBe(false);
    expect(holds(order, 'at', 'between', '2024-03-01,2024-03-31', 'date')).toBe(true);
    expect(holds(order, 'name', 'between', 'A,Z', 'string')).toBe(true);
    expect(() => RuleSchema.parse({ field: 'x', operator: 'between', value: '5' })).toThrow('needs two bounds');
  });

  it('tells empty values from the rest', () => {
    expect(holds(order, 'blank', 'empty')).toBe(true);
    expect(holds(order, 'none', 'empty')).toBe(true);
    expect(holds(order, 'missing', 'empty')).toBe(true);
    expect(holds(order, 'tags', 'not_empty')).toBe(true);
    expect(holds({ n: 0, f: false }, 'n', 'not_empty')).toBe(true);
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue({})).toBe(true);
    expect(isEmptyValue(false)).toBe(false);
  });

  it('reads dotted paths and the packet itself', () => {
    expect(holds({ body: { items: [{ total: 120 }] } }, 'body.items.0.total', 'greater_than', '100', 'number')).toBe(true);
    expect(holds(42, '', 'is', '42', 'number')).toBe(true);
  });
});

describe('coercion by value type', () => {
  it('reads booleans, dates and numbers leniently', () => {
    expect(asBoolean('On')).toBe(true);
    expect(asBoolean('0')).toBe(false);
    expect(asBoolean('maybe')).toBeUndefined();
    expect(asBoolean(null)).toBe(false);
    expect(asDate('1700000000000')).toBe(1700000000000);
    expect(asDate('not a date')).toBeNaN();
    expect(coerceAs('number', ' 7 ')).toBe(7);
    expect(coerceAs('string', { a: 1 })).toBe('{"a":1}');
  });

  it('infers numbers when both sides are numeric, booleans for boolean fields, else text', () => {
    expect(inferValueType(5, '5')).toBe('number');
    expect(inferValueType(true, 'true')).toBe('boolean');
    expect(inferValueType('x', '5')).toBe('string');
  });
});
