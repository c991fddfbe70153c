import { z } from 'zod';
import { ActorError, type JsonObject, defineActor, isJsonObject } from '../../engine';
import { optionalText, requireCredential, requiredText } from '../shared';
import { type AiActorOptions } from './ai-actor-options';
import { apiKeySetting, baseUrlSetting, timeoutSetting } from './ai-settings';
import { parseInputMapping, predictionInput } from './replicate-input';
import { FINAL_STATUSES, MODEL_ID, type Prediction, cancelPrediction, createPrediction, creationOf, pollPrediction } from './replicate-prediction';
import { openVendorCall } from './vendor-call';

const SECRETS = ['REPLICATE_API_TOKEN'];

/** The wait between two polls when the server sets none. */
const DEFAULT_POLL_INTERVAL_MS = 1000;

/** The `tpl_replicate_agent` properties: `modelId` as `owner/name` (optionally `:version`), `inputMapping` as a JSON object. */
function replicateConfigSchema(options: AiActorOptions = {}) {
  return z
    .object({
      modelId: requiredText('The model, as owner/name (optionally owner/name:version)').refine(
        (text) => MODEL_ID.test(text.trim()),
        'must be owner/name or owner/name:version',
      ),
      version: optionalText('The version id to run; unset or "latest" runs the version of modelId, else the latest'),
      inputMapping: optionalText('A JSON object of the model input; "$input" or "$input.path" strings take values of input-in'),
      timeout: timeoutSetting('Time limit of the prediction in milliseconds, from its creation to its end', 60_000),
      apiKey: apiKeySetting(SECRETS),
      baseUrl: baseUrlSetting('replicate'),
    })
    .superRefine((config, ctx) => {
      try {
        parseInputMapping(config.inputMapping);
      } catch (error) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['inputMapping'], message: (error as Error).message });
      }
    })
    .superRefine(requireCredential('apiKey', SECRETS, options.secret));
}

function metadataOf(prediction: Prediction, polls: number, started: number): JsonObject {
  const pick = (key: string) => prediction[key] ?? null;
  return {
    id: prediction.id,
    status: prediction.status,
    model: pick('model'),
    version: pick('version'),
    createdAt: pick('created_at'),
    startedAt: pick('started_at'),
    completedAt: pick('completed_at'),
    metrics: pick('metrics'),
    polls,
    durationMs: Date.now() - started,
  };
}

/**
 * Builds the `tpl_replicate_agent` actor: per `input-in` packet, creates a Replicate prediction (input from
 * `inputMapping` and `config-in`) and polls it until it ends, within `timeout`; a prediction cut short by the
 * timeout or the run's cancel is cancelled at Replicate. The output goes to `output-out`, the status and timings
 * to `metadata-out`; a failed or cancelled prediction sends its metadata and fails the firing.
 */
export function createReplicateActor(options: AiActorOptions = {}) {
  return defineActor({
    id: 'tpl_replicate_agent',
    title: 'Replicate AI Agent',
    description: 'Runs a model on Replicate: creates a prediction, polls it to the end and emits its output.',
    inports: {
      'input-in': { type: 'all', required: true, description: 'The input the prediction is built from (see inputMapping).' },
      'config-in': {
        type: 'object',
        control: true,
        description: 'An object of model inputs laid over every later prediction input (such as {num_outputs: 2}).',
      },
    },
    outports: {
      'output-out': { type: 'all', description: "The prediction's output." },
      'metadata-out': {
        type: 'object',
        description: 'The prediction: {id, status, model, version, createdAt, startedAt, completedAt, metrics, polls, durationMs}.',
      },
    },
    config: replicateConfigSchema(options),
    // A paid call, which a resumed run must not make again on its own.
    effects: 'once',
    fire: async (ctx) => {
      const { config, inputs } = ctx;
      const overrides = inputs['config-in'] ?? {};
      if (!isJsonObject(overrides)) throw new Error('config-in must be an object of model inputs');
      const input = predictionInput(parseInputMapping(config.inputMapping), inputs['input-in'], overrides);
      const call = openVendorCall('replicate', config, ctx, SECRETS, options);
      const started = Date.now();
      let polls = 0;
      let current: Prediction | undefined;
      let prediction: Prediction;
      try {
        prediction = await call.run(async () => {
          current = await createPrediction(call, creationOf(config.modelId, config.version, input));
          return pollPrediction(call, current, options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS, () => polls++);
        });
      } catch (error) {
        if (current !== undefined && !FINAL_STATUSES.includes(current.status)) await cancelPrediction(call, current.id);
        throw error;
      }
      const metadata = metadataOf(prediction, polls, started);
      await ctx.send('metadata-out', metadata);
      if (prediction.status !== 'succeeded') {
        const reason = typeof prediction.error === 'string' ? prediction.error : prediction.status;
        throw new ActorError(`Replicate prediction ${prediction.id} ${prediction.status}: ${reason}`, { vendor: 'replicate', prediction: metadata });
      }
      await ctx.send('output-out', prediction.output ?? null);
    },
  });
}
