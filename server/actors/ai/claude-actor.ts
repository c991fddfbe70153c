import Anthropic from '@anthropic-ai/sdk';
import { CHAT_PORTS } from './chat-ports';
import { z } from 'zod';
import { defineActor } from '../../engine';
import { choiceSetting, optionalText, requireCredential } from '../shared';
import { type AiActorOptions } from './ai-actor-options';
import { maxTokensSetting, modelIdSetting, temperatureSetting, vendorSettings } from './ai-settings';
import { conversationOf } from './conversation';
import { checkResponseRules, responseRulesSetting } from './response-rules';
import { usagePacket } from './token-usage';
import { type VendorCall, openVendorCall } from './vendor-call';

const SECRETS = ['ANTHROPIC_API_KEY'];

/** The Anthropic model id of each model of the template: the template names families, the API wants versions or aliases. */
const CLAUDE_MODEL_IDS = {
  'claude-3-5-sonnet': 'claude-3-5-sonnet-latest',
  'claude-3-opus': 'claude-3-opus-latest',
  'claude-3-sonnet': 'claude-3-sonnet-20240229',
  'claude-3-haiku': 'claude-3-haiku-20240307',
} as const;

const MODELS = Object.keys(CLAUDE_MODEL_IDS) as [keyof typeof CLAUDE_MODEL_IDS, ...(keyof typeof CLAUDE_MODEL_IDS)[]];

/** The `tpl_claude` properties, with the key, base URL, timeout and model id of this service's own. */
function claudeConfigSchema(options: AiActorOptions = {}) {
  return z
    .object({
      model: choiceSetting('The Claude model', MODELS, 'claude-3-5-sonnet'),
      modelId: modelIdSetting(),
      maxTokens: maxTokensSetting(1000),
      temperature: temperatureSetting(1, 0.7),
      systemPrompt: optionalText("The system prompt: the assistant's behaviour and context"),
      responseRules: responseRulesSetting(),
      ...vendorSettings('anthropic', SECRETS),
    })
    .superRefine(requireCredential('apiKey', SECRETS, options.secret));
}

function anthropicClient(call: VendorCall): Anthropic {
  return new Anthropic({ apiKey: call.apiKey, baseURL: call.baseUrl, fetch: call.fetch, maxRetries: 0, timeout: call.timeoutMs });
}

/**
 * Builds the `tpl_claude` actor: one Anthropic Messages call (official `@anthropic-ai/sdk`) per `prompt-in`
 * packet, the system prompt and `context-in` as its system text; the answer's text goes to `response-out` and
 * its token usage to `usage-out`. When `responseRules` are set, an answer none of them holds for fails the
 * firing (its usage is still sent).
 */
export function createClaudeActor(options: AiActorOptions = {}) {
  return defineActor({
    id: 'tpl_claude',
    title: 'Claude',
    description: 'Sends the prompt to an Anthropic Claude model and emits the answer and its token usage.',
    ...CHAT_PORTS,
    config: claudeConfigSchema(options),
    // A paid call, which a resumed run must not make again on its own.
    effects: 'once',
    fire: async (ctx) => {
      const { config, inputs } = ctx;
      const conversation = conversationOf(inputs['prompt-in'], inputs['context-in'], config.systemPrompt);
      const call = openVendorCall('anthropic', config, ctx, SECRETS, options);
      const message = await call.run(() =>
        anthropicClient(call).messages.create(
          {
            model: config.modelId ?? CLAUDE_MODEL_IDS[config.model],
            max_tokens: config.maxTokens,
            temperature: config.temperature,
            messages: conversation.turns,
            ...(conversation.system === undefined ? {} : { system: conversation.system }),
          },
          { signal: call.signal },
        ),
      );
      const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
      const { input_tokens: inputTokens, output_tokens: outputTokens } = message.usage;
      await ctx.send('usage-out', usagePacket({ model: message.model, promptTokens: inputTokens, completionTokens: outputTokens }));
      checkResponseRules(config.responseRules, { text, model: message.model, stopReason: message.stop_reason ?? undefined, inputTokens, outputTokens });
      await ctx.send('response-out', text);
    },
  });
}
