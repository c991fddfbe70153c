import type OpenAI from 'openai';
import { type JsonObject } from '../../engine';
import { jsonOrText } from '../shared';
import { type ChatMessage, completeChat } from './openai-chat';
import { type TokenUsage } from './token-usage';
import { type VendorCall } from './vendor-call';

/** One tool call of the agent: which iteration made it, the tool, what it was given and what it returned. */
interface AgentStep extends JsonObject {
  iteration: number;
  tool: string;
  input: JsonObject[string];
  output: string;
}

/** What an agent loop ended with: the answer (none when `maxIterations` ran out first), its steps and the usage of each model call. */
export interface AgentOutcome {
  answer?: string;
  steps: AgentStep[];
  iterations: number;
  usage: TokenUsage[];
}

/** What one agent loop runs with. */
export interface AgentLoop {
  client: OpenAI;
  call: VendorCall;
  model: string;
  /** The conversation so far, ending with the user's query; the loop appends to it. */
  messages: ChatMessage[];
  tools: OpenAI.Chat.Completions.ChatCompletionFunctionTool[];
  maxIterations: number;
  /** Runs a tool the model called, returning what the model is told. */
  runTool: (name: string, argumentsText: string) => Promise<string>;
}

function assistantTurn(message: OpenAI.Chat.Completions.ChatCompletionMessage): ChatMessage {
  const calls = message.tool_calls ?? [];
  return calls.length === 0 ? { role: 'assistant', content: message.content ?? '' } : { role: 'assistant', content: message.content, tool_calls: calls };
}

/**
 * The agent's loop, on the chat API's own tool calling: each iteration asks the model, runs every tool it
 * calls and hands the results back, until the model answers without calling a tool or `maxIterations` model
 * calls have been made.
 */
export async function runAgentLoop(loop: AgentLoop): Promise<AgentOutcome> {
  const steps: AgentStep[] = [];
  const usage: TokenUsage[] = [];
  const tools = loop.tools.length === 0 ? {} : { tools: loop.tools, tool_choice: 'auto' as const };
  for (let iteration = 1; iteration <= loop.maxIterations; iteration++) {
    const answer = await completeChat(loop.client, { model: loop.model, messages: loop.messages, ...tools }, loop.call);
    usage.push(answer.usage);
    loop.messages.push(assistantTurn(answer.message));
    const calls = (answer.message.tool_calls ?? []).filter((call) => call.type === 'function');
    if (calls.length === 0) return { answer: answer.text, steps, iterations: iteration, usage };
    for (const call of calls) {
      const output = await loop.runTool(call.function.name, call.function.arguments);
      steps.push({ iteration, tool: call.function.name, input: jsonOrText(call.function.arguments), output });
      loop.messages.push({ role: 'tool', tool_call_id: call.id, content: output });
    }
  }
  return { steps, iterations: loop.maxIterations, usage };
}
