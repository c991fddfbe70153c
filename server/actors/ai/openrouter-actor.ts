import { z } from 'zod';
import { CHAT_PORTS } from './chat-ports';
import { defineActor } from '../../engine';
import { booleanSetting, choiceSetting, requireCredential } from '../shared';
import { type AiActorOptions } from './ai-actor-options';
import { maxTokensSetting, modelIdSetting, temperatureSetting, vendorSettings } from './ai-settings';
import { conversationOf } from './conversation';
import { type ChatRequest, chatMessages, completeChat, openAiClient, streamChat } from './openai-chat';
import { OPENROUTER_MODELS, OPENROUTER_PROVIDERS, openRouterModelId, providerMismatch } from './openrouter-models';
import { usagePacket } from './token-usage';
import { openVendorCall } from './vendor-call';

const SECRETS = ['OPENROUTER_API_KEY'];

/** The `tpl_openrouter` properties: a model must belong to the chosen provider, unless `modelId` names another. */
function openRouterConfigSchema(options: AiActorOptions = {}) {
  return z
    .object({
      provider: choiceSetting('The provider of the model', OPENROUTER_PROVIDERS, 'openai'),
      model: choiceSetting("The model, one of the provider's", OPENROUTER_MODELS, 'gpt-4-turbo'),
      modelId: modelIdSetting(),
      maxTokens: maxTokensSetting(1000),
      temperature: temperatureSetting(2, 0.7),
      stream: booleanSetting('Stream the answer: each piece is written to the run log as it arrives', false),
      ...vendorSettings('openrouter', SECRETS),
    })
    .superRefine((config, ctx) => {
      const mismatch = config.modelId === undefined ? providerMismatch(config.provider, config.model) : undefined;
      if (mismatch !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['model'], message: mismatch });
    })
    .superRefine(requireCredential('apiKey', SECRETS, options.secret));
}

/**
 * Builds the `tpl_openrouter` actor: a chat completion through OpenRouter's OpenAI-compatible API (the
 * `openai` SDK on OpenRouter's base URL). With `stream`, each piece of the answer is a `StreamChunk` event of
 * `response-out` as it arrives, and the whole text still goes to `response-out`; `usage-out` has
 * the token counts and the cost OpenRouter reports.
 */
export function createOpenRouterActor(options: AiActorOptions = {}) {
  return defineActor({
    id: 'tpl_openrouter',
    title: 'OpenRouter',
    description: 'Sends the prompt to a model of any provider through OpenRouter and emits the answer, its usage and cost.',
    inports: {
      ...CHAT_PORTS.inports,
    },
    outports: {
      'response-out': { type: 'string', description: "The answer's whole text." },
      'usage-out': { type: 'object', description: 'Token usage and cost: {model, promptTokens, completionTokens, totalTokens, cost}.' },
    },
    config: openRouterConfigSchema(options),
    // A paid call, which a resumed run must not make again on its own.
    effects: 'once',
    fire: async (ctx) => {
      const { config, inputs } = ctx;
      const conversation = conversationOf(inputs['prompt-in'], inputs['context-in'], undefined);
      const call = openVendorCall('openrouter', config, ctx, SECRETS, options);
      // `usage.include` asks OpenRouter for the cost alongside the token counts.
      const request = {
        model: config.modelId ?? openRouterModelId(config.model),
        messages: chatMessages(conversation),
        max_tokens: config.maxTokens,
        temperature: config.temperature,
        usage: { include: true },
      } as ChatRequest;
      const client = openAiClient(call, { 'X-Title': 'workflow-execution-service' });
      const answer = await call.run(() =>
        config.stream ? streamChat(client, request, call, (piece) => ctx.stream('response-out', piece)) : completeChat(client, request, call),
      );
      await ctx.send('response-out', answer.text);
      await ctx.send('usage-out', usagePacket(answer.usage));
    },
  });
}
