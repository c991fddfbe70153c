import { createEmailSenderActor } from '../../server/actors';
import { EgressPolicy } from '../../server/outbound-http';
import { type SmtpPeer, startSmtpPeer } from '../support/peers/smtp-peer';
import { runError, runMessaging } from './run-messaging';

const login = { user: 'mailer', pass: 'peerSmtpPassword!42' };
let open: SmtpPeer;
let guarded: SmtpPeer;

beforeAll(async () => {
  open = await startSmtpPeer({ refuse: ['nobody@example.com'] });
  guarded = await startSmtpPeer({ login });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});
beforeEach(() => {
  open.messages.splice(0);
  guarded.messages.splice(0);
});

function smtp(peer: SmtpPeer, extra: Record<string, string | number | boolean> = {}) {
  return { smtpHost: peer.host, smtpPort: peer.port, subject: 'Weekly report', fromEmail: 'reports@example.com', fromName: 'Reports', ...extra };
}

const email = createEmailSenderActor();

describe('the e-mail node over SMTP', () => {
  it('delivers the content to every recipient with the subject and sender, and reports what the server took', async () => {
    const run = await runMessaging(email, {
      config: smtp(open),
      packets: [
        ['recipients-in', 'Ann <ann@example.com>, bob@example.com'],
        ['content-in', 'All green this week.'],
      ],
      collect: ['sent-out', 'failed-out'],
    });
    expect(open.messages).toHaveLength(1);
    const [mail] = open.messages;
    expect(mail.envelope).toEqual({ from: 'reports@example.com', to: ['ann@example.com', 'bob@example.com'] });
    expect(mail).toMatchObject({
      subject: 'Weekly report',
      text: 'All green this week.\n',
      from: '"Reports" <reports@example.com>',
      to: '"Ann" <ann@example.com>, bob@example.com',
    });
    expect(run.received['node.sent-out']).toEqual([
      {
        provider: 'smtp',
        messageId: expect.stringMatching(/^<.+@example\.com>$/),
        to: ['ann@example.com', 'bob@example.com'],
        accepted: ['ann@example.com', 'bob@example.com'],
        rejected: [],
        subject: 'Weekly report',
      },
    ]);
    expect(run.received['node.failed-out']).toBeUndefined();
  });

  it('fills subject, text and HTML with handlebars or mustache from the content data, escaping values only in HTML', async () => {
    const content = { data: { name: 'Ann & Co', count: 3 }, text: 'Hi {{name}}, {{count}} new', html: '<p>Hi {{name}}</p>', cc: 'carl@example.com' };
    for (const templateEngine of ['handlebars', 'mustache']) {
      await runMessaging(email, {
        config: smtp(open, { templateEngine, subject: 'For {{name}}' }),
        packets: [
          ['recipients-in', ['ann@example.com']],
          ['content-in', content],
        ],
        collect: ['sent-out'],
      });
    }
    expect(open.messages.map((mail) => [mail.subject, mail.text.trim(), String(mail.html).trim(), mail.envelope.to])).toEqual([
      ['For Ann & Co', 'Hi Ann & Co, 3 new', '<p>Hi Ann &amp; Co</p>', ['ann@example.com', 'carl@example.com']],
      ['For Ann & Co', 'Hi Ann & Co, 3 new', '<p>Hi Ann &amp; Co</p>', ['ann@example.com', 'carl@example.com']],
    ]);
  });

  it('logs in with the SMTP_USER and SMTP_PASSWORD secrets, and shows the password nowhere', async () => {
    const secrets: Record<string, string> = { SMTP_HOST: guarded.host, SMTP_USER: login.user, SMTP_PASSWORD: login.pass };
    const withSecrets = createEmailSenderActor({ secret: (name) => secrets[name] });
    const config = { smtpPort: guarded.port, subject: 'Hello', fromEmail: 'a@example.com' };
    const run = await runMessaging(withSecrets, {
      config,
      packets: [
        ['recipients-in', 'b@example.com'],
        ['content-in', 'signed in'],
      ],
      collect: ['sent-out'],
      secrets,
    });
    expect(guarded.messages).toEqual([
      expect.objectContaining({ user: 'mailer', subject: 'Hello', envelope: { from: 'a@example.com', to: ['b@example.com'] } }),
    ]);
    expect(run.transcript).not.toContain(login.pass);
  });

  it("sends the server's refusal to failed-out when it is connected, and fails the node otherwise", async () => {
    const wrong = smtp(guarded, { smtpUser: 'mailer', smtpPassword: 'notThePassword' });
    const routed = await runMessaging(email, {
      config: wrong,
      packets: [
        ['recipients-in', 'b@example.com'],
        ['content-in', 'x'],
      ],
      collect: ['sent-out', 'failed-out'],
    });
    expect(routed.received['node.failed-out']).toEqual([
      expect.objectContaining({
        provider: 'smtp',
        code: 'EAUTH',
        responseCode: 535,
        to: ['b@example.com'],
        subject: 'Weekly report',
        message: expect.stringContaining('Authentication credentials invalid'),
      }),
    ]);
    expect(routed.transcript).not.toContain('notThePassword');
    const failed = await runMessaging(email, {
      config: smtp(open),
      packets: [
        ['recipients-in', 'nobody@example.com'],
        ['content-in', 'x'],
      ],
      collect: ['sent-out'],
    });
    expect(runError(failed)).toMatch(/^SMTP server 127\.0\.0\.1:\d+ did not take the message: .*Mailbox nobody@example\.com does not exist/);
    expect(open.messages).toEqual([]);
  });

  it('delivers to the recipients the server takes and names those it refused', async () => {
    const run = await runMessaging(email, {
      config: smtp(open),
      packets: [
        ['recipients-in', ['ann@example.com', 'nobody@example.com']],
        ['content-in', 'x'],
      ],
      collect: ['sent-out'],
    });
    expect(open.messages.map((mail) => mail.envelope.to)).toEqual([['ann@example.com']]);
    expect(run.received['node.sent-out']).toEqual([expect.objectContaining({ accepted: ['ann@example.com'], rejected: ['nobody@example.com'] })]);
  });

  it('refuses, before the run, a node with no SMTP host, and a subject that is no template of its engine, naming the setting', async () => {
    const before = open.connections;
    await expect(runMessaging(email, { config: { subject: 's', fromEmail: 'a@example.com' }, packets: [['content-in', 'x']], collect: [] })).rejects.toThrow(
      /smtpHost.*SMTP_HOST/,
    );
    await expect(
      runMessaging(email, { config: smtp(open, { templateEngine: 'mustache', subject: 'Hi {{#name}}' }), packets: [['content-in', 'x']], collect: [] }),
    ).rejects.toThrow(/subject.*is not a mustache template/);
    await expect(runMessaging(email, { config: smtp(open, { fromEmail: 'reports' }), packets: [['content-in', 'x']], collect: [] })).rejects.toThrow(
      /fromEmail.*is not an e-mail address/,
    );
    expect(open.connections).toBe(before);
  });

  it('connects to no SMTP host the egress policy refuses', async () => {
    const before = open.connections;
    const blocked = createEmailSenderActor({ egress: new EgressPolicy({ deny: ['127.0.0.0/8'] }) });
    const run = await runMessaging(blocked, {
      config: smtp(open),
      packets: [
        ['recipients-in', 'ann@example.com'],
        ['content-in', 'x'],
      ],
      collect: ['sent-out'],
    });
    expect(runError(run)).toMatch(/^SMTP server 127\.0\.0\.1:\d+: egress policy refuses 127\.0\.0\.1/);
    expect(open.connections).toBe(before);
  });

  it('gives up on a server slower than the timeout, and a cancelled run closes the connection at once', async () => {
    const slow = await startSmtpPeer({ greetingDelayMs: 5000 });
    try {
      const late = await runMessaging(email, {
        config: smtp(slow, { timeout: 300 }),
        packets: [
          ['recipients-in', 'ann@example.com'],
          ['content-in', 'x'],
        ],
        collect: ['sent-out'],
      });
      expect(runError(late)).toMatch(/did not take the message: timed out after 300 ms$/);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const started = Date.now();
      const cancelled = await runMessaging(email, {
        config: smtp(slow),
        packets: [
          ['recipients-in', 'ann@example.com'],
          ['content-in', 'x'],
        ],
        collect: ['sent-out'],
        signal: controller.signal,
      });
      expect(cancelled.result.success).toBe(false);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(slow.messages).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
