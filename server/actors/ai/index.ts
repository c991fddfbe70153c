import { type AnyActorDefinition } from '../../engine';
import { type AiActorOptions } from './ai-actor-options';
import { createClaudeActor } from './claude-actor';
import { createGeminiActor } from './gemini-actor';
import { createHuggingFaceActor } from './huggingface-actor';
import { createLangchainAgentActor } from './langchain-agent-actor';
import { createOpenAiGptActor } from './openai-gpt-actor';
import { createOpenRouterActor } from './openrouter-actor';
import { createReplicateActor } from './replicate-actor';

/**
 * Builds the AI model nodes with the server's options: the egress policy, the named secrets (a missing key
 * is a validation error) and the base URL of each vendor (`ai_endpoints`).
 */
export function createAiActors(options: AiActorOptions = {}): AnyActorDefinition[] {
  return [
    createLangchainAgentActor(options),
    createReplicateActor(options),
    createClaudeActor(options),
    createGeminiActor(options),
    createOpenAiGptActor(options),
    createOpenRouterActor(options),
    createHuggingFaceActor(options),
  ];
}

/** The AI model family of the catalogue, unconfigured: LangChain agent, Replicate, Claude, Gemini, OpenAI, OpenRouter and Hugging Face. */
export const aiActors: readonly AnyActorDefinition[] = createAiActors();

export { type AiActorOptions } from './ai-actor-options';
export { createClaudeActor } from './claude-actor';
export { createGeminiActor } from './gemini-actor';
export { createHuggingFaceActor } from './huggingface-actor';
export { createLangchainAgentActor } from './langchain-agent-actor';
export { createOpenAiGptActor } from './openai-gpt-actor';
export { createOpenRouterActor } from './openrouter-actor';
export { createReplicateActor } from './replicate-actor';
