import { conversationOf, promptText } from './conversation';

describe('conversationOf', () => {
  it('puts the system prompt and the context in the system text, and the prompt as the user turn', () => {
    expect(conversationOf({ text: 'Hi' }, { documents: ['a'] }, 'Be kind.')).toEqual({
      system: 'Be kind.\n\nContext:\n{"documents":["a"]}',
      turns: [{ role: 'user', content: 'Hi' }],
    });
    expect(conversationOf('Hi', undefined, undefined)).toEqual({ turns: [{ role: 'user', content: 'Hi' }] });
  });

  it('takes a list of messages as the conversation, system messages joining the system text', () => {
    const prompt = [
      { role: 'system', content: 'S' },
      { role: 'user', content: 'U' },
      { role: 'assistant', content: 'A' },
    ];
    expect(conversationOf(prompt, undefined, 'P')).toEqual({
      system: 'P\n\nS',
      turns: [
        { role: 'user', content: 'U' },
        { role: 'assistant', content: 'A' },
      ],
    });
  });

  it('refuses an empty prompt, and reads other values as JSON text', () => {
    expect(() => conversationOf('  ', undefined, undefined)).toThrow('prompt-in holds no prompt text');
    expect(promptText([1, 2])).toBe('[1,2]');
  });
});
