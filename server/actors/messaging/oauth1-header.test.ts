import { oauth1Header } from './oauth1-header';

// The worked example of X's "Creating a signature" documentation, with its published signature.
const documented = {
  credentials: {
    consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
    consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
    token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
    tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  },
  url: new URL('https://api.twitter.com/1.1/statuses/update.json?include_entities=true'),
  extras: {
    nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
    timestamp: 1318622958,
    formFields: new URLSearchParams({ status: 'Hello Ladies + Gentlemen, a signed OAuth request!' }),
  },
};

describe('the OAuth 1.0a signer', () => {
  it("reproduces the signature of X's documented example, covering the query and the form fields", () => {
    const header = oauth1Header('POST', documented.url, documented.credentials, documented.extras);
    expect(header).toBe(
      'OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", oauth_signature_method="HMAC-SHA1", ' +
        'oauth_timestamp="1318622958", oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", oauth_version="1.0", oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"',
    );
  });

  it('signs differently when the method, a query value or a secret differs, and with a fresh nonce each time', () => {
    const signature = (header: string) => /oauth_signature="([^"]+)"/.exec(header)?.[1];
    const base = signature(oauth1Header('POST', documented.url, documented.credentials, documented.extras));
    expect(signature(oauth1Header('GET', documented.url, documented.credentials, documented.extras))).not.toBe(base);
    expect(
      signature(
        oauth1Header('POST', new URL('https://api.twitter.com/1.1/statuses/update.json?include_entities=false'), documented.credentials, documented.extras),
      ),
    ).not.toBe(base);
    expect(signature(oauth1Header('POST', documented.url, { ...documented.credentials, tokenSecret: 'other' }, documented.extras))).not.toBe(base);
    const nonce = (header: string) => /oauth_nonce="([^"]+)"/.exec(header)?.[1];
    expect(nonce(oauth1Header('POST', documented.url, documented.credentials))).not.toBe(nonce(oauth1Header('POST', documented.url, documented.credentials)));
  });
});
