import { createActorCatalogue } from '../../server/actors';
import { loadServerConfig } from '../../server/config';
import { GITHUB_REPO, GITHUB_TEST_TOKEN, startGithubPeer } from '../support/peers/github-peer';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { runSaasNode, validationIssues } from './run-saas-node';

let peer: RecordingPeer | undefined;
afterEach(() => peer?.close());

describe('the SaaS nodes of the server', () => {
  it('read saas_endpoints as JSON from ENGINE_SAAS_ENDPOINTS, and refuse a vendor the service does not know', async () => {
    const loaded = await loadServerConfig({
      argv: [],
      env: { ENGINE_SAAS_ENDPOINTS: '{"github":"http://127.0.0.1:9/api/v3","salesforce":"https://test.salesforce.com"}' },
    });
    expect(loaded.ok && loaded.config.saas_endpoints).toEqual({ github: 'http://127.0.0.1:9/api/v3', salesforce: 'https://test.salesforce.com' });
    const unknown = await loadServerConfig({ argv: [], env: { ENGINE_SAAS_ENDPOINTS: '{"gitlab":"http://127.0.0.1:9"}' } });
    expect(unknown.ok ? '' : unknown.message).toContain(
      "'saas_endpoints.gitlab': is no SaaS vendor of ours: github, google_sheets, google_token, hubspot, salesforce",
    );
    const notUrl = await loadServerConfig({ argv: [], env: { ENGINE_SAAS_ENDPOINTS: '{"hubspot":"ftp://127.0.0.1"}' } });
    expect(notUrl.ok ? '' : notUrl.message).toContain('saas_endpoints');
  });

  it('call the server-wide address and check named secrets against the server secret store', async () => {
    peer = await startGithubPeer();
    const secrets = { GITHUB_TOKEN: GITHUB_TEST_TOKEN };
    const catalogue = createActorCatalogue({ secret: (name) => (secrets as Record<string, string>)[name], saasEndpoints: { github: peer.url } });
    const github = catalogue.get('tpl_github_api')!;
    expect(validationIssues(github, { owner: 'o', repo: 'r' })).toEqual([]);
    expect(validationIssues(createActorCatalogue().get('tpl_github_api')!, { owner: 'o', repo: 'r' })).toEqual([expect.stringContaining("config 'token'")]);
    const outcome = await runSaasNode(github, { config: { ...GITHUB_REPO }, secrets });
    expect(outcome.received['node.data-out']).toEqual([expect.objectContaining({ name: GITHUB_REPO.repo })]);
    expect(peer.requests).toHaveLength(1);
  });
});
