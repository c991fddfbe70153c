import { actorDefinitions, createActorCatalogue } from '../../server/actors';
import { loadServerConfig } from '../../server/config';
import { ideFactsOf } from '../../server/ide';
import { chatAnswer, OPENAI_TEST_KEY, startOpenAiPeer } from '../support/peers/openai-peer';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { runAiNode } from './run-ai-node';

const AI_TEMPLATES = ['tpl_langchain_agent', 'tpl_replicate_agent', 'tpl_claude', 'tpl_gemini', 'tpl_openai_gpt', 'tpl_openrouter', 'tpl_huggingface'];

let peer: RecordingPeer | undefined;
afterEach(() => peer?.close());

describe('the AI model nodes in the service', () => {
  it('are all in the catalogue, each implementing its IDE template', () => {
    const ai = actorDefinitions.filter((actor) => AI_TEMPLATES.includes(actor.id));
    expect(ai.map((actor) => [actor.id, ideFactsOf(actor.id)?.type])).toEqual(AI_TEMPLATES.map((id) => [id, id.endsWith('agent') ? 'ai-agent' : 'ai-model']));
  });

  it('read ai_endpoints as a JSON object from a flag or an environment variable, and refuse a base URL that is not http(s)', async () => {
    const fromFlag = await loadServerConfig({ argv: ['--ai-endpoints', '{"openai":"http://127.0.0.1:8000/v1"}'], env: {} });
    expect(fromFlag).toMatchObject({ ok: true, config: { ai_endpoints: { openai: 'http://127.0.0.1:8000/v1' } } });
    const fromEnv = await loadServerConfig({ argv: [], env: { ENGINE_AI_ENDPOINTS: '{"anthropic":"https://llm-gateway.example/anthropic"}' } });
    expect(fromEnv).toMatchObject({ ok: true, config: { ai_endpoints: { anthropic: 'https://llm-gateway.example/anthropic' } } });
    expect(await loadServerConfig({ argv: [], env: {} })).toMatchObject({ ok: true, config: { ai_endpoints: {} } });
    const bad = await loadServerConfig({ argv: ['--ai-endpoints', '{"openai":"ftp://models.example"}'], env: {} });
    expect(bad).toEqual({ ok: false, message: expect.stringContaining("'ai_endpoints.openai': must be an http:// or https:// URL") });
  });

  it("are built with the server's endpoints and named secrets, which validation checks before a run", async () => {
    let baseUrl: string;
    ({ peer, baseUrl } = await startOpenAiPeer(() => chatAnswer('from the catalogue')));
    const secrets: Record<string, string> = { OPENAI_API_KEY: OPENAI_TEST_KEY };
    const catalogue = createActorCatalogue({ secret: (name) => secrets[name], aiEndpoints: { openai: baseUrl } });
    const gpt = catalogue.get('tpl_openai_gpt');
    if (gpt === undefined) throw new Error('tpl_openai_gpt is not in the catalogue');
    const outcome = await runAiNode(gpt, { config: {}, packets: [['prompt-in', 'Hi']], secrets });
    expect(outcome.received['node.response-out']).toEqual(['from the catalogue']);
    expect(peer.requests.map((request) => request.path)).toEqual(['/v1/chat/completions']);
    const withoutSecrets = createActorCatalogue({ secret: () => undefined }).get('tpl_claude');
    expect(withoutSecrets?.config.safeParse({}).success).toBe(false);
  });
});
