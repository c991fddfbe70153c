import { defineActor } from './actor-definition';
import { createCatalogue } from './catalogue';

const actor = (id: string) => defineActor({ id, inports: {}, outports: {}, fire: () => undefined });

describe('createCatalogue', () => {
  it('finds a component of a library by its name alone, as NoFlo finds it, and lists it once under its id', () => {
    const output = actor('core/Output');
    const catalogue = createCatalogue([actor('tpl_math_add'), output, actor('other/Output')]);
    expect(catalogue.get('Output')).toBe(output);
    expect(catalogue.has('Output')).toBe(true);
    expect(catalogue.list().map((definition) => definition.id)).toEqual(['tpl_math_add', 'core/Output', 'other/Output']);
  });

  it('keeps a name that is some component id for that component, and knows no other name', () => {
    const plain = actor('Repeat');
    const catalogue = createCatalogue([actor('core/Repeat'), plain]);
    expect(catalogue.get('Repeat')).toBe(plain);
    expect(catalogue.has('Split')).toBe(false);
    expect(catalogue.get('core')).toBeUndefined();
  });

  it('refuses two definitions with one id', () => {
    expect(() => createCatalogue([actor('a'), actor('a')])).toThrow("Actor 'a' is defined twice");
  });
});
