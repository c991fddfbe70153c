import { createTwilioSmsActor } from '../../server/actors';
import { EgressPolicy } from '../../server/outbound-http';
import { answersInTurn } from '../support/peers/answers-in-turn';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { scriptedRoute } from '../support/peers/scripted-route';
import { TWILIO_ACCOUNT, TWILIO_MESSAGES_PATH, startTwilioPeer, twilioCreateMessage, twilioError } from '../support/peers/twilio-peer';
import { runError, runMessaging } from './run-messaging';

const secrets: Record<string, string> = { TWILIO_ACCOUNT_SID: TWILIO_ACCOUNT.sid, TWILIO_AUTH_TOKEN: TWILIO_ACCOUNT.token };
const twilio = createTwilioSmsActor({ secret: (name) => secrets[name], policy: { baseMs: 5000, maxMs: 5000 } });
let peer: RecordingPeer;
const script = scriptedRoute(twilioCreateMessage);

beforeAll(async () => {
  peer = await startTwilioPeer(script.route);
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.requests.splice(0);
  script.reset();
});

function config(extra: Record<string, string | number> = {}) {
  return { fromNumber: '+15005550006', baseUrl: peer.url, ...extra };
}

describe('the Twilio SMS node', () => {
  it('creates one Message resource per recipient with basic auth, and sends each message and its status on', async () => {
    const run = await runMessaging(twilio, {
      config: config({ mediaUrl: 'https://example.com/a.png, https://example.com/b.png', statusCallback: 'https://example.com/status', maxPrice: 0.05 }),
      packets: [
        ['recipients-in', '+15558675310, +15558675311'],
        ['message-in', 'Your code is 1234'],
      ],
      collect: ['sent-out', 'status-out'],
      secrets,
    });
    expect(peer.requests.map((request) => request.path)).toEqual([TWILIO_MESSAGES_PATH, TWILIO_MESSAGES_PATH]);
    const [first] = peer.requests;
    expect(first.headers.authorization).toBe(`Basic ${Buffer.from(`${TWILIO_ACCOUNT.sid}:${TWILIO_ACCOUNT.token}`).toString('base64')}`);
    expect(first.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(first.text);
    expect(Object.fromEntries(form)).toMatchObject({
      To: '+15558675310',
      From: '+15005550006',
      Body: 'Your code is 1234',
      StatusCallback: 'https://example.com/status',
      MaxPrice: '0.05',
    });
    expect(form.getAll('MediaUrl')).toEqual(['https://example.com/a.png', 'https://example.com/b.png']);
    expect(run.received['node.sent-out']).toEqual([
      expect.objectContaining({
        sid: 'SM00000000000000000000015558675310',
        to: '+15558675310',
        from: '+15005550006',
        status: 'queued',
        body: 'Your code is 1234',
        numSegments: '1',
      }),
      expect.objectContaining({ to: '+15558675311' }),
    ]);
    expect(run.received['node.status-out']).toEqual([
      { sid: 'SM00000000000000000000015558675310', to: '+15558675310', status: 'queued', errorCode: null, errorMessage: null },
      expect.objectContaining({ to: '+15558675311', status: 'queued' }),
    ]);
  });

  it('sends from a Messaging Service when fromNumber is its SID, to the recipients the message names', async () => {
    await runMessaging(twilio, {
      config: config({ fromNumber: 'MG0123456789abcdef0123456789abcdef' }),
      packets: [['message-in', { body: 'Hi', to: ['+15558675310'] }]],
      collect: ['sent-out'],
      secrets,
    });
    const form = new URLSearchParams(peer.requests[0].text);
    expect([form.get('MessagingServiceSid'), form.has('From'), form.get('To'), form.get('Body')]).toEqual([
      'MG0123456789abcdef0123456789abcdef',
      false,
      '+15558675310',
      'Hi',
    ]);
  });

  it('refuses, before the run, a node with neither account SID nor auth token configured, naming each setting', async () => {
    const bare = createTwilioSmsActor();
    await expect(runMessaging(bare, { config: config(), packets: [['message-in', 'x']], collect: [] })).rejects.toThrow(
      /accountSid.*TWILIO_ACCOUNT_SID.*authToken.*TWILIO_AUTH_TOKEN/,
    );
    await expect(runMessaging(twilio, { config: config({ statusCallback: 'not a url' }), packets: [['message-in', 'x']], collect: [] })).rejects.toThrow(
      /statusCallback/,
    );
    expect(peer.requests).toEqual([]);
  });

  it("fails with Twilio's message for a wrong token, and never shows the token", async () => {
    const run = await runMessaging(twilio, {
      config: config({ authToken: 'wrongToken000' }),
      packets: [
        ['recipients-in', ['+15558675310']],
        ['message-in', 'x'],
      ],
      collect: ['sent-out'],
      secrets,
    });
    expect(runError(run)).toBe(`Twilio answered HTTP 401 to POST ${peer.url}${TWILIO_MESSAGES_PATH}: Authenticate`);
    expect(run.transcript).not.toContain(TWILIO_ACCOUNT.token);
    expect(run.transcript).not.toContain('wrongToken000');
  });

  it('names the messages already sent when a later recipient is refused', async () => {
    const run = await runMessaging(twilio, {
      config: config(),
      packets: [
        ['recipients-in', ['+15558675310', '555-NOPE']],
        ['message-in', 'x'],
      ],
      collect: ['sent-out'],
      secrets,
    });
    expect(runError(run)).toContain(
      "The 'To' number 555-NOPE is not a valid phone number. (sent to 1 of 2 recipients before: SM00000000000000000000015558675310)",
    );
    expect(run.received['node.sent-out']).toHaveLength(1);
  });

  it('sends again after a 429 once its Retry-After has passed, and not after a 500', async () => {
    script.answerWith(answersInTurn([twilioError(429, 20429, 'Too Many Requests', { 'retry-after': '1' })], twilioCreateMessage));
    const limited = await runMessaging(twilio, {
      config: config(),
      packets: [
        ['recipients-in', '+15558675310'],
        ['message-in', 'x'],
      ],
      collect: ['sent-out'],
      secrets,
    });
    expect(limited.received['node.sent-out']).toHaveLength(1);
    expect(script.arrivals[1] - script.arrivals[0]).toBeGreaterThanOrEqual(950);
    peer.requests.splice(0);
    script.answerWith(() => twilioError(500, 20500, 'Internal Server Error'));
    const broken = await runMessaging(twilio, {
      config: config(),
      packets: [
        ['recipients-in', '+15558675310'],
        ['message-in', 'x'],
      ],
      collect: ['sent-out'],
      secrets,
    });
    expect(runError(broken)).toContain('Twilio answered HTTP 500');
    expect(peer.requests).toHaveLength(1);
  });

  it('keeps to the egress policy for the configured base URL', async () => {
    const guarded = createTwilioSmsActor({ secret: (name) => secrets[name], egress: new EgressPolicy({ deny: ['127.0.0.1'] }) });
    const run = await runMessaging(guarded, {
      config: config({ retryCount: 0 }),
      packets: [
        ['recipients-in', '+15558675310'],
        ['message-in', 'x'],
      ],
      collect: ['sent-out'],
      secrets,
    });
    expect(runError(run)).toMatch(/egress policy refuses/);
    expect(peer.requests).toEqual([]);
  });
});
