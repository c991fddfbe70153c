import { parseInputMapping, predictionInput } from './replicate-input';

describe('predictionInput', () => {
  it('fills $input references of the mapping: whole strings take the value, longer strings its text', () => {
    const mapping = parseInputMapping('{"prompt": "Draw $input.subject in $input.style[0]", "size": "$input.size", "all": ["$input"]}');
    const input = { subject: 'a fox', style: ['ink'], size: { width: 512 } };
    expect(predictionInput(mapping, input, { seed: 1 })).toEqual({ prompt: 'Draw a fox in ink', size: { width: 512 }, all: [input], seed: 1 });
  });

  it('passes an object input as it is and wraps any other value as the prompt', () => {
    expect(predictionInput(undefined, { image: 'x' }, {})).toEqual({ image: 'x' });
    expect(predictionInput(undefined, 'a cat', { steps: 4 })).toEqual({ prompt: 'a cat', steps: 4 });
  });

  it('names a reference that input-in does not have', () => {
    expect(() => predictionInput({ prompt: '$input.missing' }, { other: 1 }, {})).toThrow(
      "config 'inputMapping' refers to $input.missing, which input-in does not have",
    );
  });
});
