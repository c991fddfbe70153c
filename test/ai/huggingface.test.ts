import { createHuggingFaceActor } from '../../server/actors';
import { HUGGINGFACE_TEST_KEY, ONE_PIXEL_PNG, hfLoading, startHuggingFacePeer } from '../support/peers/huggingface-peer';
import { type PeerRoute, type RecordingPeer } from '../support/peers/recording-peer';
import { FAST_RETRIES, everythingSaid, failure, runAiNode, validationIssues } from './run-ai-node';

const secrets = { HUGGINGFACE_API_KEY: HUGGINGFACE_TEST_KEY };
const actor = createHuggingFaceActor({ secret: (name) => (secrets as Record<string, string>)[name], policy: FAST_RETRIES });

let peer: RecordingPeer;
let baseUrl: string;
afterEach(() => peer?.close());

async function runTask(model: string, route: PeerRoute, config: Record<string, unknown>, input: unknown, params?: Record<string, unknown>) {
  ({ peer, baseUrl } = await startHuggingFacePeer(model, route));
  const packets: [string, never][] = params === undefined ? [] : [['params-in', params as never]];
  return runAiNode(actor, { config: { baseUrl, model, ...config }, packets: [...packets, ['input-in', input as never]], secrets });
}

describe('tpl_huggingface', () => {
  it('runs text generation with the new-token limit, the wait and GPU options and the params-in parameters, and emits the text and the stats', async () => {
    const outcome = await runTask(
      'openai-community/gpt2',
      () => ({ body: [{ generated_text: ' a quiet village.' }] }),
      { maxLength: 40, useGPU: true },
      'Once upon a time in',
      { temperature: 0.9 },
    );
    expect(outcome.result.errors).toEqual([]);
    const [sent] = peer.requests;
    expect({ path: sent.path, auth: sent.headers.authorization, wait: sent.headers['x-wait-for-model'] }).toEqual({
      path: '/hf-inference/models/openai-community/gpt2',
      auth: `Bearer ${HUGGINGFACE_TEST_KEY}`,
      wait: 'true',
    });
    expect(sent.json).toEqual({
      inputs: 'Once upon a time in',
      parameters: { max_new_tokens: 40, return_full_text: false, temperature: 0.9 },
      options: { wait_for_model: true, use_gpu: true },
    });
    expect(outcome.received['node.output-out']).toEqual([' a quiet village.']);
    expect(outcome.received['node.stats-out']).toEqual([
      { model: 'openai-community/gpt2', taskType: 'text-generation', status: 200, durationMs: expect.any(Number), attempts: 1 },
    ]);
    expect(everythingSaid(outcome)).not.toContain(HUGGINGFACE_TEST_KEY);
  });

  it('shapes each task by its type: classification labels, summaries, translations and answers', async () => {
    const labels = [
      { label: 'POSITIVE', score: 0.98 },
      { label: 'NEGATIVE', score: 0.02 },
    ];
    const classified = await runTask('distilbert/sst2', () => ({ body: [labels] }), { taskType: 'text-classification' }, 'I love it');
    expect(classified.received['node.output-out']).toEqual([labels]);
    await peer.close();
    const summary = await runTask(
      'facebook/bart-large-cnn',
      () => ({ body: [{ summary_text: 'Short.' }] }),
      { taskType: 'summarization', maxLength: 30 },
      { text: 'A very long text.' },
    );
    expect(peer.requests[0].json).toMatchObject({ inputs: 'A very long text.', parameters: { max_length: 30 } });
    expect(summary.received['node.output-out']).toEqual(['Short.']);
    await peer.close();
    const translated = await runTask('Helsinki-NLP/opus-mt-en-fr', () => ({ body: [{ translation_text: 'Bonjour' }] }), { taskType: 'translation' }, 'Hello');
    expect(translated.received['node.output-out']).toEqual(['Bonjour']);
    await peer.close();
    const answered = await runTask(
      'deepset/roberta-base-squad2',
      () => ({ body: { answer: 'Paris', score: 0.9, start: 0, end: 5 } }),
      { taskType: 'question-answering' },
      { question: 'Capital?', context: 'Paris is the capital.' },
    );
    expect(peer.requests[0].json).toMatchObject({ inputs: { question: 'Capital?', context: 'Paris is the capital.' } });
    expect(answered.received['node.output-out']).toEqual([{ answer: 'Paris', score: 0.9, start: 0, end: 5 }]);
  });

  it('sends images as base64 and emits a generated image as {mimeType, data}', async () => {
    const detected = await runTask(
      'facebook/detr-resnet-50',
      () => ({ body: [{ label: 'cat', score: 0.99, box: { xmin: 1, ymin: 2, xmax: 3, ymax: 4 } }] }),
      { taskType: 'object-detection' },
      { mimeType: 'image/png', data: ONE_PIXEL_PNG.toString('base64') },
    );
    expect(peer.requests[0].json).toMatchObject({ inputs: ONE_PIXEL_PNG.toString('base64'), parameters: {} });
    expect(detected.received['node.output-out']).toEqual([[{ label: 'cat', score: 0.99, box: { xmin: 1, ymin: 2, xmax: 3, ymax: 4 } }]]);
    await peer.close();
    const drawn = await runTask(
      'stabilityai/sdxl',
      () => ({ headers: { 'content-type': 'image/png' }, body: ONE_PIXEL_PNG }),
      { taskType: 'text-to-image' },
      'a red pixel',
    );
    expect(drawn.received['node.output-out']).toEqual([{ mimeType: 'image/png', data: ONE_PIXEL_PNG.toString('base64') }]);
  });

  it("retries a model that is loading, then fails with the API's message", async () => {
    const outcome = await runTask('bigscience/bloom', () => hfLoading('bigscience/bloom'), { waitForModel: false }, 'Hello');
    expect(failure(outcome)).toBe('Hugging Face answered HTTP 503: Model bigscience/bloom is currently loading');
    expect(peer.requests).toHaveLength(3);
    expect(peer.requests[0].json).toMatchObject({ options: { wait_for_model: false } });
    expect(peer.requests[0].headers['x-wait-for-model']).toBe('false');
  });

  it('refuses a node without a model, and an input its task cannot take, before sending anything', async () => {
    expect(validationIssues(actor, {})).toEqual([expect.stringContaining("config 'model': is required: name the Hugging Face model to run")]);
    const outcome = await runTask('deepset/roberta-base-squad2', () => ({ body: {} }), { taskType: 'question-answering' }, 'Capital?');
    expect(failure(outcome)).toBe('input-in must be {question, context} for question-answering');
    expect(peer.requests).toHaveLength(0);
  });
});
