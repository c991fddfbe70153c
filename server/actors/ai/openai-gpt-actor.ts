import { z } from 'zod';
import { CHAT_PORTS } from './chat-ports';
import { defineActor } from '../../engine';
import { choiceSetting, numberSetting, optionalText, requireCredential } from '../shared';
import { type AiActorOptions } from './ai-actor-options';
import { maxTokensSetting, modelIdSetting, temperatureSetting, vendorSettings } from './ai-settings';
import { conversationOf } from './conversation';
import { chatMessages, completeChat, openAiClient } from './openai-chat';
import { usagePacket } from './token-usage';
import { openVendorCall } from './vendor-call';

const SECRETS = ['OPENAI_API_KEY'];

/** The `tpl_openai_gpt` properties, with the key, base URL, timeout and model id of this service's own. */
function openAiGptConfigSchema(options: AiActorOptions = {}) {
  return z
    .object({
      model: choiceSetting('The GPT model', ['gpt-4', 'gpt-4-turbo', 'gpt-3.5-turbo'], 'gpt-4'),
      modelId: modelIdSetting(),
      maxTokens: maxTokensSetting(1000),
      temperature: temperatureSetting(2, 0.7),
      topP: numberSetting('Nucleus sampling: the share of probability mass the answer is drawn from, 0 to 1', z.number().min(0).max(1).default(1)),
      systemPrompt: optionalText('System message that guides the model'),
      ...vendorSettings('openai', SECRETS),
    })
    .superRefine(requireCredential('apiKey', SECRETS, options.secret));
}

/**
 * Builds the `tpl_openai_gpt` actor: one chat completion (official `openai` SDK) per `prompt-in` packet,
 * with the system prompt and `context-in` as system text; the answer's text goes to `response-out`, its token
 * usage to `usage-out`. A vendor error or the node's timeout fails the firing with the vendor's message.
 */
export function createOpenAiGptActor(options: AiActorOptions = {}) {
  return defineActor({
    id: 'tpl_openai_gpt',
    title: 'OpenAI GPT',
    description: 'Sends the prompt to an OpenAI chat model and emits the answer and its token usage.',
    ...CHAT_PORTS,
    config: openAiGptConfigSchema(options),
    // A paid call, which a resumed run must not make again on its own.
    effects: 'once',
    fire: async (ctx) => {
      const { config, inputs } = ctx;
      const conversation = conversationOf(inputs['prompt-in'], inputs['context-in'], config.systemPrompt);
      const call = openVendorCall('openai', config, ctx, SECRETS, options);
      const request = {
        model: config.modelId ?? config.model,
        messages: chatMessages(conversation),
        max_tokens: config.maxTokens,
        temperature: config.temperature,
        top_p: config.topP,
      };
      const answer = await call.run(() => completeChat(openAiClient(call), request, call));
      await ctx.send('response-out', answer.text);
      await ctx.send('usage-out', usagePacket(answer.usage));
    },
  });
}
