import { createGeminiActor } from '../../server/actors';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { GEMINI_TEST_KEY, geminiAnswer, geminiBlocked, geminiError, startGeminiPeer } from '../support/peers/gemini-peer';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { FAST_RETRIES, everythingSaid, failure, runAiNode, validationIssues } from './run-ai-node';

const secrets = { GOOGLE_API_KEY: GEMINI_TEST_KEY };
const actor = createGeminiActor({ secret: (name) => (secrets as Record<string, string>)[name], policy: FAST_RETRIES });
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let peer: RecordingPeer;
let baseUrl: string;
afterEach(() => peer?.close());

describe('tpl_gemini', () => {
  it('sends generateContent with the key header, the safety level and the media, and emits the text and the analysis', async () => {
    ({ peer, baseUrl } = await startGeminiPeer(() => geminiAnswer('A red pixel.'), 'gemini-pro-vision'));
    const outcome = await runAiNode(actor, {
      config: { baseUrl, model: 'gemini-pro-vision', maxTokens: 64, temperature: 0.1, safetySettings: 'block_most' },
      packets: [
        ['media-in', `data:image/png;base64,${PIXEL}`],
        ['prompt-in', 'Describe the image'],
      ],
      secrets,
    });
    expect(outcome.result.errors).toEqual([]);
    const [sent] = peer.requests;
    expect({ path: sent.path, key: sent.headers['x-goog-api-key'], query: sent.query.toString() }).toEqual({
      path: '/v1beta/models/gemini-pro-vision:generateContent',
      key: GEMINI_TEST_KEY,
      query: '',
    });
    const body = sent.json as Record<string, unknown>;
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'Describe the image' }, { inlineData: { mimeType: 'image/png', data: PIXEL } }] }]);
    expect(body.generationConfig).toEqual({ maxOutputTokens: 64, temperature: 0.1 });
    expect(body.safetySettings).toEqual(
      ['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT'].map((category) => ({
        category,
        threshold: 'BLOCK_LOW_AND_ABOVE',
      })),
    );
    expect(outcome.received['node.response-out']).toEqual(['A red pixel.']);
    expect(outcome.received['node.analysis-out']).toEqual([
      {
        model: 'gemini-pro',
        finishReason: 'STOP',
        safetyRatings: [
          { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
          { category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'NEGLIGIBLE' },
        ],
        promptFeedback: null,
        usage: { model: 'gemini-pro', promptTokens: 9, completionTokens: 4, totalTokens: 13 },
      },
    ]);
    expect(everythingSaid(outcome)).not.toContain(GEMINI_TEST_KEY);
  });

  it('sends the analysis of a blocked prompt, then fails with the block reason', async () => {
    ({ peer, baseUrl } = await startGeminiPeer(() => geminiBlocked('SAFETY')));
    const outcome = await runAiNode(actor, { config: { baseUrl }, packets: [['prompt-in', 'Something dangerous']], secrets });
    expect(failure(outcome)).toBe('Gemini gave no answer: SAFETY');
    const analysis = outcome.events.flatMap((event) => (event._type === 'MessageSent' && event.fromPort === 'analysis-out' ? [event.message] : []));
    expect(analysis).toEqual([expect.objectContaining({ promptFeedback: expect.objectContaining({ blockReason: 'SAFETY' }) })]);
    expect((peer.requests[0].json as Record<string, unknown>).safetySettings).toContainEqual({
      category: 'HARM_CATEGORY_HARASSMENT',
      threshold: 'BLOCK_ONLY_HIGH',
    });
  });

  it("fails with Google's message for a bad key, and retries a 503 then answers", async () => {
    ({ peer, baseUrl } = await startGeminiPeer(() => geminiAnswer('never')));
    const badKey = await runAiNode(actor, { config: { baseUrl, apiKey: 'AIzaWrongKey0123456789' }, packets: [['prompt-in', 'Hi']], secrets });
    expect(failure(badKey)).toBe('Gemini answered HTTP 400: API key not valid. Please pass a valid API key.');
    expect(everythingSaid(badKey)).not.toContain('AIzaWrongKey0123456789');
    await peer.close();
    ({ peer, baseUrl } = await startGeminiPeer(answersInTurn([geminiError(503, 'The model is overloaded.')], () => geminiAnswer('back'))));
    const retried = await runAiNode(actor, { config: { baseUrl }, packets: [['prompt-in', 'Hi']], secrets });
    expect(retried.received['node.response-out']).toEqual(['back']);
    expect(peer.requests).toHaveLength(2);
  });

  it('refuses media it cannot send, and a missing key before the run', async () => {
    ({ peer, baseUrl } = await startGeminiPeer(() => geminiAnswer('never')));
    const outcome = await runAiNode(actor, {
      config: { baseUrl },
      packets: [
        ['media-in', 'not an image'],
        ['prompt-in', 'Hi'],
      ],
      secrets,
    });
    expect(failure(outcome)).toMatch(/^media-in holds no media/);
    expect(peer.requests).toHaveLength(0);
    expect(validationIssues(createGeminiActor({ secret: () => undefined }), {})).toEqual([
      expect.stringContaining("config 'apiKey': is required: set apiKey or configure the secret GOOGLE_API_KEY"),
    ]);
  });
});
