import { type JsonValue, isJsonObject } from '../../engine';

/** One turn of a chat, as every vendor takes it. */
interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A prompt ready for a chat API: the system text (system prompt and context) and the turns. */
export interface Conversation {
  system?: string;
  turns: ChatTurn[];
}

const TEXT_KEYS = ['prompt', 'text', 'query', 'message', 'input', 'content'];

/** A packet as prompt text: text as it is, an object's `prompt`/`text`/`query`/`message`/`input`/`content` text, anything else as JSON. */
export function promptText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (isJsonObject(value)) {
    const key = TEXT_KEYS.find((name) => typeof value[name] === 'string');
    if (key !== undefined) return value[key] as string;
  }
  return JSON.stringify(value);
}

function isTurn(value: JsonValue): value is { role: string; content: string } {
  return isJsonObject(value) && typeof value.role === 'string' && typeof value.content === 'string';
}

/**
 * The conversation of a firing. `prompt-in` is text (or an object holding it), or a list of `{role, content}`
 * messages (`system` ones join the system text); `context-in`, when it holds a packet, is added to the system
 * text under "Context:", after the node's system prompt.
 * @throws Error when the prompt is empty
 */
export function conversationOf(prompt: JsonValue | undefined, context: JsonValue | undefined, systemPrompt: string | undefined): Conversation {
  const system: string[] = systemPrompt === undefined ? [] : [systemPrompt];
  let turns: ChatTurn[];
  if (Array.isArray(prompt) && prompt.length > 0 && prompt.every(isTurn)) {
    system.push(...prompt.filter((turn) => turn.role === 'system').map((turn) => turn.content));
    turns = prompt.filter((turn) => turn.role !== 'system').map((turn) => ({ role: turn.role === 'assistant' ? 'assistant' : 'user', content: turn.content }));
  } else {
    turns = [{ role: 'user', content: promptText(prompt) }];
  }
  if (turns.length === 0 || turns.every((turn) => turn.content.trim() === '')) throw new Error('prompt-in holds no prompt text');
  const contextText = promptText(context);
  if (contextText.trim() !== '') system.push(`Context:\n${contextText}`);
  return system.length === 0 ? { turns } : { system: system.join('\n\n'), turns };
}
