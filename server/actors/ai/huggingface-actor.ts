import { z } from 'zod';
import { type JsonObject, defineActor, isJsonObject } from '../../engine';
import { fetchWithRetry } from '../../outbound-http';
import { decodeBody } from '../network/decode-body';
import { booleanSetting, choiceSetting, numberSetting, optionalText, requireCredential } from '../shared';
import { type AiActorOptions } from './ai-actor-options';
import { vendorSettings } from './ai-settings';
import { HF_TASKS, hfOutput, hfRequestBody } from './huggingface-task';
import { openVendorCall } from './vendor-call';
import { failedAnswer } from './vendor-failure';

const SECRETS = ['HUGGINGFACE_API_KEY'];

/** The `tpl_huggingface` properties: the template leaves `model` optional, but the Inference API needs one. */
function huggingFaceConfigSchema(options: AiActorOptions = {}) {
  return z
    .object({
      taskType: choiceSetting('The Inference API task', HF_TASKS, 'text-generation'),
      model: optionalText('The Hugging Face model id, such as openai-community/gpt2'),
      useGPU: booleanSetting('Ask for GPU inference (the option `use_gpu`)', false),
      waitForModel: booleanSetting('Wait for a model that is loading instead of getting HTTP 503', true),
      maxLength: numberSetting('New tokens of a generation, or the length of a summary', z.number().int().min(1).max(100_000).default(100)),
      ...vendorSettings('huggingface', SECRETS),
    })
    .superRefine((config, ctx) => {
      if (config.model === undefined)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['model'],
          message: 'is required: name the Hugging Face model to run, such as openai-community/gpt2',
        });
    })
    .superRefine(requireCredential('apiKey', SECRETS, options.secret));
}

/**
 * Builds the `tpl_huggingface` actor: one Inference API call per `input-in` packet, shaped by `taskType`
 * (text tasks take text, question answering `{question, context}`, image tasks an image), with the object on
 * `params-in` as the task's parameters; the task's result goes to `output-out` and the call's timing to `stats-out`.
 */
export function createHuggingFaceActor(options: AiActorOptions = {}) {
  return defineActor({
    id: 'tpl_huggingface',
    title: 'HuggingFace',
    description: 'Runs a Hugging Face model through the Inference API for the chosen task.',
    inports: {
      'input-in': {
        type: 'all',
        required: true,
        description: 'The input of the task: text, {question, context}, or an image (data URL, {mimeType, data} or base64).',
      },
      'params-in': { type: 'object', control: true, description: "An object of the task's parameters (such as temperature), used for every later input." },
    },
    outports: {
      'output-out': { type: 'all', description: "The task's result: text, labels with scores, an answer, or {mimeType, data} for an image." },
      'stats-out': { type: 'object', description: 'The call: {model, taskType, status, durationMs, attempts}.' },
    },
    config: huggingFaceConfigSchema(options),
    // A paid call, which a resumed run must not make again on its own.
    effects: 'once',
    fire: async (ctx) => {
      const { config, inputs } = ctx;
      const params = inputs['params-in'] ?? {};
      if (!isJsonObject(params)) throw new Error('params-in must be an object of task parameters');
      const model = config.model as string;
      const body = hfRequestBody(config.taskType, inputs['input-in'], {
        maxLength: config.maxLength,
        params,
        useGpu: config.useGPU,
        waitForModel: config.waitForModel,
      });
      const call = openVendorCall('huggingface', config, ctx, SECRETS, options);
      const url = new URL(`${call.baseUrl}/models/${model.split('/').map(encodeURIComponent).join('/')}`);
      const headers = new Headers({
        authorization: `Bearer ${call.apiKey}`,
        'content-type': 'application/json',
        'x-wait-for-model': String(config.waitForModel),
      });
      const started = Date.now();
      const response = await call.run(async () => {
        const answer = await fetchWithRetry(
          { url, method: 'POST', headers, body: JSON.stringify(body) },
          { timeoutMs: call.timeoutMs, followRedirects: true, signal: call.signal, policy: call.policy, egress: call.egress },
        );
        if (answer.status >= 400) throw failedAnswer(call, answer);
        return answer;
      });
      const contentType = response.headers.get('content-type');
      await ctx.send('output-out', hfOutput(config.taskType, decodeBody(response.body, contentType), contentType));
      const stats: JsonObject = { model, taskType: config.taskType, status: response.status, durationMs: Date.now() - started, attempts: response.attempts };
      await ctx.send('stats-out', stats);
    },
  });
}
