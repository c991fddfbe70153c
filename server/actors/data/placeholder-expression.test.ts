import { accessorOf, fieldPathOf, translateExpression } from './placeholder-expression';

describe('the placeholder translator', () => {
  it("turns the builder's placeholders into reads of the current item", () => {
    expect(translateExpression("${input.get('data').data.age} > 18")).toBe('(item?.["age"]) > 18');
    expect(translateExpression('${input.get("data").data.a.b[0]}')).toBe('(item?.["a"]?.["b"]?.[0])');
    expect(translateExpression("${input.get('data').data}")).toBe('(item)');
    expect(translateExpression("Math.round(${input.get('data').data.total} * 100) / 100")).toBe('Math.round((item?.["total"]) * 100) / 100');
  });

  it('keeps a placeholder inside a template literal an interpolation', () => {
    expect(translateExpression("`Dear ${input.get('data').data.name}` + ${input.get('data').data.id}")).toBe('`Dear ${item?.["name"]}` + (item?.["id"])');
  });

  it('accepts the form without ${} and leaves plain JavaScript alone', () => {
    expect(translateExpression("input.get('data').data.age > 18")).toBe('item.age > 18');
    expect(translateExpression('({ ...item, lineTotal: item.qty * item.unitPrice })')).toBe('({ ...item, lineTotal: item.qty * item.unitPrice })');
    expect(translateExpression('total >= 100')).toBe('total >= 100');
  });

  it('refuses a placeholder of another input with a clear message', () => {
    expect(() => translateExpression("${input.get('other').data.x} > 1")).toThrow('Unsupported placeholder');
  });

  it('reads field references in every form', () => {
    expect(fieldPathOf("${input.get('data').data.total}")).toEqual(['total']);
    expect(fieldPathOf("${input.get('data').data}")).toEqual([]);
    expect(fieldPathOf('item.customer.name')).toEqual(['customer', 'name']);
    expect(fieldPathOf('item')).toEqual([]);
    expect(fieldPathOf('lines[0].sku')).toEqual(['lines', 0, 'sku']);
    expect(fieldPathOf('first name')).toEqual(['first name']);
    expect(fieldPathOf('')).toEqual([]);
    expect(() => fieldPathOf('${other.value}')).toThrow('Unsupported field placeholder');
  });

  it('builds accessors that quote every key', () => {
    expect(accessorOf(['a', 0, 'x"y'])).toBe('item?.["a"]?.[0]?.["x\\"y"]');
  });
});
