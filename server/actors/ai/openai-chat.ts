import OpenAI from 'openai';
import { type Conversation } from './conversation';
import { type TokenUsage } from './token-usage';
import { type VendorCall } from './vendor-call';

/** A chat message of the OpenAI chat completions API. */
export type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** The request of one chat completion, without the messages' transport details. */
export type ChatRequest = Omit<OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, 'stream' | 'stream_options'>;

/** What a chat completion answered. */
export interface ChatAnswer {
  text: string;
  usage: TokenUsage;
  finishReason?: string;
  /** The assistant message as the API returned it (tool calls included), for a conversation that goes on. */
  message: OpenAI.Chat.Completions.ChatCompletionMessage;
}

/**
 * An OpenAI client (for OpenAI and every OpenAI-compatible API, such as OpenRouter) on the call's base URL,
 * key and fetch; its own retries are off, since the call's fetch applies the retry policy.
 */
export function openAiClient(call: VendorCall, headers: Record<string, string> = {}): OpenAI {
  return new OpenAI({ apiKey: call.apiKey, baseURL: call.baseUrl, fetch: call.fetch, maxRetries: 0, timeout: call.timeoutMs, defaultHeaders: headers });
}

/** The chat messages of a conversation: its system text first. */
export function chatMessages(conversation: Conversation): ChatMessage[] {
  const system: ChatMessage[] = conversation.system === undefined ? [] : [{ role: 'system', content: conversation.system }];
  return [...system, ...conversation.turns.map((turn): ChatMessage => ({ role: turn.role, content: turn.content }))];
}

function usageOf(model: string, usage: (Partial<OpenAI.Completions.CompletionUsage> & { cost?: number }) | null | undefined): TokenUsage {
  return { model, promptTokens: usage?.prompt_tokens, completionTokens: usage?.completion_tokens, totalTokens: usage?.total_tokens, cost: usage?.cost };
}

/** Sends one chat completion and waits for the whole answer. */
export async function completeChat(client: OpenAI, request: ChatRequest, call: VendorCall): Promise<ChatAnswer> {
  const completion = await client.chat.completions.create({ ...request, stream: false }, { signal: call.signal });
  const choice = completion.choices[0];
  if (choice === undefined) throw new Error('the answer holds no choice');
  return {
    text: choice.message.content ?? '',
    usage: usageOf(completion.model, completion.usage),
    finishReason: choice.finish_reason,
    message: choice.message,
  };
}

/**
 * Sends one chat completion as a stream, handing each piece of text to `onChunk` as it arrives, and returns
 * the whole answer; the usage comes in the stream's last chunk (`stream_options.include_usage`).
 */
export async function streamChat(client: OpenAI, request: ChatRequest, call: VendorCall, onChunk: (text: string) => void): Promise<ChatAnswer> {
  const stream = await client.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } }, { signal: call.signal });
  let text = '';
  let model = request.model;
  let finishReason: string | undefined;
  let usage: TokenUsage | undefined;
  for await (const chunk of stream) {
    model = chunk.model || model;
    if (chunk.usage) usage = usageOf(model, chunk.usage);
    const choice = chunk.choices[0];
    if (choice?.finish_reason) finishReason = choice.finish_reason;
    const piece = choice?.delta?.content;
    if (piece) {
      text += piece;
      onChunk(piece);
    }
  }
  return { text, usage: usage ?? { model }, finishReason, message: { role: 'assistant', content: text, refusal: null } };
}
