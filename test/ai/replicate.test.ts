import { createReplicateActor } from '../../server/actors';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { type RecordingPeer } from '../support/peers/recording-peer';
import {
  PREDICTION_ID,
  REPLICATE_MODEL,
  REPLICATE_TEST_TOKEN,
  type PredictionScript,
  replicateError,
  startReplicatePeer,
} from '../support/peers/replicate-peer';
import { FAST_RETRIES, everythingSaid, failure, runAiNode, validationIssues } from './run-ai-node';

const secrets = { REPLICATE_API_TOKEN: REPLICATE_TEST_TOKEN };
const actor = createReplicateActor({ secret: (name) => (secrets as Record<string, string>)[name], policy: FAST_RETRIES, pollIntervalMs: 10 });

let peer: RecordingPeer;
let baseUrl: string;
afterEach(() => peer?.close());

async function predict(script: PredictionScript, config: Record<string, unknown>, input: unknown, signal?: AbortSignal) {
  ({ peer, baseUrl } = await startReplicatePeer(script));
  return runAiNode(actor, { config: { baseUrl, modelId: REPLICATE_MODEL, ...config }, packets: [['input-in', input as never]], secrets, signal });
}

const paths = () => peer.requests.map((request) => `${request.method} ${request.path}`);

describe('tpl_replicate_agent', () => {
  it("creates a prediction of the model's latest version from the mapped input, polls it to the end and emits its output and metadata", async () => {
    const outcome = await predict(
      { pollsBeforeEnd: 2, output: ['https://replicate.delivery/out-0.png'] },
      { inputMapping: '{"prompt": "A photo of $input.subject", "seed": "$input.seed", "raw": "$input"}' },
      { subject: 'a lighthouse', seed: 7 },
    );
    expect(outcome.result.errors).toEqual([]);
    expect(paths()).toEqual([`POST /v1/models/${REPLICATE_MODEL}/predictions`, ...Array(3).fill(`GET /v1/predictions/${PREDICTION_ID}`)]);
    expect(peer.requests.every((request) => request.headers.authorization === `Bearer ${REPLICATE_TEST_TOKEN}`)).toBe(true);
    expect(peer.requests[0].json).toEqual({ input: { prompt: 'A photo of a lighthouse', seed: 7, raw: { subject: 'a lighthouse', seed: 7 } } });
    expect(outcome.received['node.output-out']).toEqual([['https://replicate.delivery/out-0.png']]);
    expect(outcome.received['node.metadata-out']).toEqual([
      {
        id: PREDICTION_ID,
        status: 'succeeded',
        model: REPLICATE_MODEL,
        version: 'latest-version-id',
        createdAt: '2026-01-05T10:00:00.000Z',
        startedAt: '2026-01-05T10:00:01.000Z',
        completedAt: '2026-01-05T10:00:03.000Z',
        metrics: { predict_time: 2.1 },
        polls: 3,
        durationMs: expect.any(Number),
      },
    ]);
    expect(everythingSaid(outcome)).not.toContain(REPLICATE_TEST_TOKEN);
  });

  it('runs the version that modelId names, with the config-in object laid over the input', async () => {
    ({ peer, baseUrl } = await startReplicatePeer({ pollsBeforeEnd: 0, output: 'ok' }));
    const outcome = await runAiNode(actor, {
      config: { baseUrl, modelId: `${REPLICATE_MODEL}:5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa` },
      packets: [
        ['config-in', { num_outputs: 2 }],
        ['input-in', 'a cat'],
      ],
      secrets,
    });
    expect(outcome.received['node.output-out']).toEqual(['ok']);
    expect(peer.requests[0].path).toBe('/v1/predictions');
    expect(peer.requests[0].json).toEqual({
      version: '5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa',
      input: { prompt: 'a cat', num_outputs: 2 },
    });
  });

  it('sends the metadata of a failed prediction and fails with its error', async () => {
    const outcome = await predict({ pollsBeforeEnd: 1, end: 'failed', error: 'CUDA out of memory' }, {}, { prompt: 'huge' });
    expect(failure(outcome)).toBe(`Replicate prediction ${PREDICTION_ID} failed: CUDA out of memory`);
    const metadata = outcome.events.flatMap((event) => (event._type === 'MessageSent' && event.fromPort === 'metadata-out' ? [event.message] : []));
    expect(metadata).toEqual([expect.objectContaining({ status: 'failed', polls: 2 })]);
  });

  it('cancels the prediction at Replicate when the timeout ends it, and when the run is cancelled', async () => {
    const timedOut = await predict({ end: 'never' }, { timeout: 200 }, 'slow');
    expect(failure(timedOut)).toBe("The Replicate call did not finish within 200 ms (the node's timeout)");
    expect(paths().at(-1)).toBe(`POST /v1/predictions/${PREDICTION_ID}/cancel`);
    await peer.close();
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 150);
    const cancelled = await predict({ end: 'never' }, {}, 'slow', cancel.signal);
    expect(cancelled.events.at(-1)?._type).toBe('Cancelled');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(paths().at(-1)).toBe(`POST /v1/predictions/${PREDICTION_ID}/cancel`);
  });

  it('retries a refused creation (429) but never a creation that failed on the server (5xx), which may have started', async () => {
    const retried = await predict(
      {
        pollsBeforeEnd: 0,
        output: 1,
        create: answersInTurn([replicateError(429, 'Request was throttled', { 'retry-after': '0' })], () => ({
          status: 201,
          body: { id: PREDICTION_ID, status: 'starting' },
        })),
      },
      {},
      'x',
    );
    expect(retried.received['node.output-out']).toEqual([1]);
    expect(paths().filter((path) => path.startsWith('POST'))).toHaveLength(2);
    await peer.close();
    const failed = await predict({ create: () => replicateError(500, 'Internal error') }, {}, 'x');
    expect(failure(failed)).toBe('Replicate answered HTTP 500: Internal error');
    expect(peer.requests).toHaveLength(1);
  });

  it('refuses a malformed model id, an inputMapping that is no JSON object and a missing token before the run', () => {
    expect(validationIssues(actor, { modelId: 'just-a-name' })).toEqual([
      expect.stringContaining("config 'modelId': must be owner/name or owner/name:version"),
    ]);
    expect(validationIssues(actor, { modelId: REPLICATE_MODEL, inputMapping: '{"prompt": ' })).toEqual([expect.stringContaining("config 'inputMapping'")]);
    expect(validationIssues(actor, { modelId: REPLICATE_MODEL, inputMapping: '[1]' })).toEqual([
      expect.stringContaining("config 'inputMapping': is not a JSON object"),
    ]);
    expect(validationIssues(createReplicateActor({ secret: () => undefined }), { modelId: REPLICATE_MODEL })).toEqual([
      expect.stringContaining("config 'apiKey': is required: set apiKey or configure the secret REPLICATE_API_TOKEN"),
    ]);
  });
});
