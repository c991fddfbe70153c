import { createEmailSenderActor } from '../../server/actors';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { MAILGUN_ACCOUNT, mailgunMessages, startMailgunPeer } from '../support/peers/mailgun-peer';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { SENDGRID_KEY, sendgridError, sendgridMailSend, startSendgridPeer } from '../support/peers/sendgrid-peer';
import { SES_ACCOUNT, sesError, sesSendEmail, sigV4Problem, startSesPeer } from '../support/peers/ses-peer';
import { runError, runMessaging } from './run-messaging';

const secrets: Record<string, string> = {
  SENDGRID_API_KEY: SENDGRID_KEY,
  MAILGUN_API_KEY: MAILGUN_ACCOUNT.key,
  MAILGUN_DOMAIN: MAILGUN_ACCOUNT.domain,
  AWS_ACCESS_KEY_ID: SES_ACCOUNT.accessKeyId,
  AWS_SECRET_ACCESS_KEY: SES_ACCOUNT.secretAccessKey,
  AWS_REGION: SES_ACCOUNT.region,
};
const email = createEmailSenderActor({ secret: (name) => secrets[name], policy: { baseMs: 5000, maxMs: 5000 } });
const message = { subject: 'Invoice 42', fromEmail: 'billing@example.com', fromName: 'Billing' };
const recipients = { to: ['Ann <ann@example.com>'], cc: 'carl@example.com', bcc: [{ email: 'audit@example.com' }] };
const content = { text: 'Your invoice is attached.', html: '<p>Your invoice is attached.</p>' };

describe('the e-mail node over the SendGrid, Mailgun and SES APIs', () => {
  let sendgrid: RecordingPeer;
  let mailgun: RecordingPeer;
  let ses: RecordingPeer;

  beforeAll(async () => {
    [sendgrid, mailgun, ses] = await Promise.all([startSendgridPeer(), startMailgunPeer(), startSesPeer()]);
  });
  afterAll(() => Promise.all([sendgrid.close(), mailgun.close(), ses.close()]));

  it("sends through SendGrid's Mail Send with a bearer key, one personalization and the text part first", async () => {
    const run = await runMessaging(email, {
      config: { ...message, provider: 'sendgrid', baseUrl: sendgrid.url },
      packets: [
        ['recipients-in', recipients],
        ['content-in', content],
      ],
      collect: ['sent-out'],
      secrets,
    });
    const [request] = sendgrid.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v3/mail/send',
      headers: expect.objectContaining({ authorization: `Bearer ${SENDGRID_KEY}`, 'content-type': 'application/json' }),
    });
    expect(request.json).toEqual({
      personalizations: [{ to: [{ email: 'ann@example.com', name: 'Ann' }], cc: [{ email: 'carl@example.com' }], bcc: [{ email: 'audit@example.com' }] }],
      from: { email: 'billing@example.com', name: 'Billing' },
      subject: 'Invoice 42',
      content: [
        { type: 'text/plain', value: 'Your invoice is attached.' },
        { type: 'text/html', value: '<p>Your invoice is attached.</p>' },
      ],
    });
    expect(run.received['node.sent-out']).toEqual([
      {
        provider: 'sendgrid',
        messageId: 'peerSendgridMessage01',
        to: ['ann@example.com'],
        accepted: ['ann@example.com', 'carl@example.com', 'audit@example.com'],
        rejected: [],
        subject: 'Invoice 42',
      },
    ]);
    expect(run.transcript).not.toContain(SENDGRID_KEY);
  });

  it("sends through Mailgun's Messages API with basic auth to the configured domain, each recipient a form field", async () => {
    const run = await runMessaging(email, {
      config: { ...message, provider: 'mailgun', baseUrl: mailgun.url },
      packets: [
        ['recipients-in', recipients],
        ['content-in', content],
      ],
      collect: ['sent-out'],
      secrets,
    });
    const [request] = mailgun.requests;
    expect(request.path).toBe(`/v3/${MAILGUN_ACCOUNT.domain}/messages`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`api:${MAILGUN_ACCOUNT.key}`).toString('base64')}`);
    const form = new URLSearchParams(request.text);
    expect([form.get('from'), form.getAll('to'), form.getAll('cc'), form.getAll('bcc'), form.get('subject'), form.get('text'), form.get('html')]).toEqual([
      '"Billing" <billing@example.com>',
      ['"Ann" <ann@example.com>'],
      ['carl@example.com'],
      ['audit@example.com'],
      'Invoice 42',
      'Your invoice is attached.',
      '<p>Your invoice is attached.</p>',
    ]);
    expect(run.received['node.sent-out']).toEqual([
      expect.objectContaining({ provider: 'mailgun', messageId: `<20261124120000.peer@${MAILGUN_ACCOUNT.domain}>` }),
    ]);
  });

  it('sends through SES v2 SendEmail signed with SigV4 for the configured endpoint, which the peer verifies', async () => {
    const run = await runMessaging(email, {
      config: { ...message, provider: 'ses', baseUrl: ses.url },
      packets: [
        ['recipients-in', recipients],
        ['content-in', content],
      ],
      collect: ['sent-out'],
      secrets,
    });
    const [request] = ses.requests;
    expect(request.path).toBe('/v2/email/outbound-emails');
    expect(sigV4Problem(request)).toBeUndefined();
    expect(request.headers.authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${SES_ACCOUNT.accessKeyId}/\\d{8}/eu-west-1/ses/aws4_request, SignedHeaders=content-type;host;(x-amz-content-sha256;)?x-amz-date,`,
      ),
    );
    expect(request.json).toEqual({
      FromEmailAddress: '"Billing" <billing@example.com>',
      Destination: { ToAddresses: ['"Ann" <ann@example.com>'], CcAddresses: ['carl@example.com'], BccAddresses: ['audit@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Invoice 42', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Your invoice is attached.', Charset: 'UTF-8' }, Html: { Data: '<p>Your invoice is attached.</p>', Charset: 'UTF-8' } },
        },
      },
    });
    expect(run.received['node.sent-out']).toEqual([expect.objectContaining({ provider: 'ses', messageId: '0102019peer-ses-message-0001' })]);
    expect(run.transcript).not.toContain(SES_ACCOUNT.secretAccessKey);
  });

  it('refuses, before the run, a provider whose key, domain or region is configured nowhere, naming each setting', async () => {
    const bare = createEmailSenderActor();
    const refused = (provider: string) => runMessaging(bare, { config: { ...message, provider }, packets: [['content-in', 'x']], collect: [] });
    await expect(refused('sendgrid')).rejects.toThrow(/apiKey.*SENDGRID_API_KEY/);
    await expect(refused('mailgun')).rejects.toThrow(/apiKey.*MAILGUN_API_KEY.*mailgunDomain.*MAILGUN_DOMAIN/);
    await expect(refused('ses')).rejects.toThrow(/awsAccessKeyId.*awsSecretAccessKey.*awsRegion/);
    await expect(
      runMessaging(email, { config: { ...message, provider: 'ses', baseUrl: 'email.example.com' }, packets: [['content-in', 'x']], collect: [] }),
    ).rejects.toThrow(/baseUrl/);
  });

  it("routes each provider's refusal to failed-out with its own message: a revoked key, a bad signature", async () => {
    const wrongKey = await runMessaging(email, {
      config: { ...message, provider: 'sendgrid', baseUrl: sendgrid.url, apiKey: 'SG.revoked' },
      packets: [
        ['recipients-in', 'a@example.com'],
        ['content-in', 'x'],
      ],
      collect: ['failed-out'],
      secrets,
    });
    expect(wrongKey.received['node.failed-out']).toEqual([
      expect.objectContaining({
        provider: 'sendgrid',
        vendor: 'SendGrid',
        status: 401,
        message: `SendGrid answered HTTP 401 to POST ${sendgrid.url}/v3/mail/send: The provided authorization grant is invalid, expired, or revoked`,
      }),
    ]);
    expect(wrongKey.transcript).not.toContain('SG.revoked');
    const forbidden = await runMessaging(email, {
      config: { ...message, provider: 'mailgun', baseUrl: mailgun.url, apiKey: 'key-wrong' },
      packets: [
        ['recipients-in', 'a@example.com'],
        ['content-in', 'x'],
      ],
      collect: ['failed-out'],
      secrets,
    });
    expect(forbidden.received['node.failed-out']).toEqual([expect.objectContaining({ status: 401, message: expect.stringMatching(/: Forbidden$/) })]);
    const badSignature = await runMessaging(email, {
      config: { ...message, provider: 'ses', baseUrl: ses.url, awsSecretAccessKey: 'wrongSecret' },
      packets: [
        ['recipients-in', 'a@example.com'],
        ['content-in', 'x'],
      ],
      collect: ['failed-out'],
      secrets,
    });
    expect(badSignature.received['node.failed-out']).toEqual([
      expect.objectContaining({ status: 403, code: 'SignatureDoesNotMatchException', message: expect.stringContaining('signature does not match') }),
    ]);
  });

  it('sends again after the Retry-After of a 429, and not after a 5xx, for each REST provider', async () => {
    const limited = await Promise.all([
      startSendgridPeer(answersInTurn([sendgridError(429, 'too many requests', { 'retry-after': '1' })], sendgridMailSend)),
      startMailgunPeer(answersInTurn([{ status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too many requests' } }], mailgunMessages)),
      startSesPeer(answersInTurn([sesError(429, 'TooManyRequestsException', 'Too Many Requests', { 'retry-after': '1' })], sesSendEmail)),
    ]);
    const down = await Promise.all([
      startSendgridPeer(() => sendgridError(500, 'internal error')),
      startMailgunPeer(() => ({ status: 502, body: 'Bad Gateway' })),
      startSesPeer(() => sesError(500, 'InternalFailure', 'internal failure')),
    ]);
    try {
      for (const [i, provider] of (['sendgrid', 'mailgun', 'ses'] as const).entries()) {
        const started = Date.now();
        const ok = await runMessaging(email, {
          config: { ...message, provider, baseUrl: limited[i].url },
          packets: [
            ['recipients-in', 'a@example.com'],
            ['content-in', 'x'],
          ],
          collect: ['sent-out'],
          secrets,
        });
        expect({ provider, sent: ok.received['node.sent-out']?.length, requests: limited[i].requests.length }).toEqual({ provider, sent: 1, requests: 2 });
        expect(Date.now() - started).toBeGreaterThanOrEqual(950);
        const failed = await runMessaging(email, {
          config: { ...message, provider, baseUrl: down[i].url },
          packets: [
            ['recipients-in', 'a@example.com'],
            ['content-in', 'x'],
          ],
          collect: ['sent-out'],
          secrets,
        });
        expect(runError(failed)).toMatch(/answered HTTP 5\d\d/);
        expect(down[i].requests).toHaveLength(1);
      }
    } finally {
      await Promise.all([...limited, ...down].map((peer) => peer.close()));
    }
  });
});
