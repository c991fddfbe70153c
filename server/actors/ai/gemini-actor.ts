import { type GenerateContentResponse, GoogleGenAI } from '@google/genai';
import { PROMPT_IN } from './chat-ports';
import { z } from 'zod';
import { ActorError, type JsonObject, type JsonValue, defineActor } from '../../engine';
import { choiceSetting, requireCredential } from '../shared';
import { type AiActorOptions } from './ai-actor-options';
import { maxTokensSetting, modelIdSetting, temperatureSetting, vendorSettings } from './ai-settings';
import { conversationOf } from './conversation';
import { SAFETY_LEVELS, geminiContents, mediaParts, safetySettingsOf } from './gemini-request';
import { usagePacket } from './token-usage';
import { openVendorCall } from './vendor-call';

const SECRETS = ['GOOGLE_API_KEY'];

/** The `tpl_gemini` properties, with the key, base URL, timeout and model id of this service's own. */
function geminiConfigSchema(options: AiActorOptions = {}) {
  return z
    .object({
      model: choiceSetting('The Gemini model', ['gemini-pro', 'gemini-pro-vision'], 'gemini-pro'),
      modelId: modelIdSetting(),
      maxTokens: maxTokensSetting(1000),
      temperature: temperatureSetting(2, 0.7),
      safetySettings: choiceSetting('How much possibly harmful content is blocked, for every harm category', SAFETY_LEVELS, 'block_few'),
      ...vendorSettings('google', SECRETS),
    })
    .superRefine(requireCredential('apiKey', SECRETS, options.secret));
}

// Gemini's answer is plain JSON data; the SDK's class instance is copied into packets field by field.
function json(value: unknown): JsonValue {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as JsonValue);
}

/** The `analysis-out` packet: why the answer ended, its safety ratings, the prompt's feedback and the token usage. */
function analysisOf(response: GenerateContentResponse, model: string): JsonObject {
  const candidate = response.candidates?.[0];
  const usage = response.usageMetadata;
  return {
    model: response.modelVersion ?? model,
    finishReason: json(candidate?.finishReason),
    safetyRatings: json(candidate?.safetyRatings ?? []),
    promptFeedback: json(response.promptFeedback),
    usage: usagePacket({
      model: response.modelVersion ?? model,
      promptTokens: usage?.promptTokenCount,
      completionTokens: usage?.candidatesTokenCount,
      totalTokens: usage?.totalTokenCount,
    }),
  };
}

/**
 * Builds the `tpl_gemini` actor: one `generateContent` call (official `@google/genai` SDK) per `prompt-in`
 * packet, with the media of `media-in` when it holds some; the text goes to `response-out`, the finish reason,
 * safety ratings, prompt feedback and token usage to `analysis-out`. An answer Gemini blocked sends its
 * analysis and then fails the firing with the reason.
 */
export function createGeminiActor(options: AiActorOptions = {}) {
  return defineActor({
    id: 'tpl_gemini',
    title: 'Gemini',
    description: 'Sends the prompt (and media) to a Google Gemini model and emits the answer and its analysis.',
    inports: {
      'prompt-in': PROMPT_IN,
      'media-in': {
        type: 'all',
        description: 'Media sent with the prompt: a data URL, {mimeType, data} with base64 data, {mimeType, fileUri}, or a list of them.',
      },
    },
    outports: {
      'response-out': { type: 'string', description: "The answer's text." },
      'analysis-out': { type: 'object', description: 'The analysis: {model, finishReason, safetyRatings, promptFeedback, usage}.' },
    },
    config: geminiConfigSchema(options),
    // A paid call, which a resumed run must not make again on its own.
    effects: 'once',
    fire: async (ctx) => {
      const { config, inputs } = ctx;
      const conversation = conversationOf(inputs['prompt-in'], undefined, undefined);
      const media = mediaParts(inputs['media-in']);
      const call = openVendorCall('google', config, ctx, SECRETS, options);
      const model = config.modelId ?? config.model;
      const client = new GoogleGenAI({ apiKey: call.apiKey, httpOptions: { baseUrl: call.baseUrl, fetch: call.fetch, timeout: call.timeoutMs } });
      const response = await call.run(() =>
        client.models.generateContent({
          model,
          contents: geminiContents(conversation, media),
          config: {
            maxOutputTokens: config.maxTokens,
            temperature: config.temperature,
            safetySettings: safetySettingsOf(config.safetySettings),
            abortSignal: call.signal,
            ...(conversation.system === undefined ? {} : { systemInstruction: conversation.system }),
          },
        }),
      );
      const analysis = analysisOf(response, model);
      await ctx.send('analysis-out', analysis);
      const text = response.text;
      const blocked = response.promptFeedback?.blockReason ?? (text === undefined ? response.candidates?.[0]?.finishReason : undefined);
      if (text === undefined && blocked !== undefined)
        throw new ActorError(`Gemini gave no answer: ${blocked}`, { vendor: 'google', reason: blocked, analysis });
      await ctx.send('response-out', text ?? '');
    },
  });
}
