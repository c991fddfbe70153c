import { type InPortSpec, type OutPortSpec } from '../../engine';

/** The prompt port of every chat model node: text, `{prompt}`/`{text}`, or a list of messages. */
export const PROMPT_IN: InPortSpec = {
  type: 'all',
  required: true,
  description: 'The prompt: text, an object with a `prompt` or `text` field, or a list of {role, content} messages.',
};

/** The ports of the chat model templates (OpenAI, Claude, OpenRouter): prompt and context in, the answer and its usage out. */
export const CHAT_PORTS = {
  inports: {
    'prompt-in': PROMPT_IN,
    'context-in': { type: 'all', control: true, description: 'Context added to the system text of every later prompt.' } satisfies InPortSpec,
  },
  outports: {
    'response-out': { type: 'string', description: "The answer's text." } satisfies OutPortSpec,
    'usage-out': { type: 'object', description: 'Token usage: {model, promptTokens, completionTokens, totalTokens}.' } satisfies OutPortSpec,
  },
};
