import { type AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the SMTP peer took: its envelope (what the client said in MAIL FROM / RCPT TO), the login, and the parsed message. */
interface ReceivedMail {
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  /** The user the client logged in as, when it did. */
  readonly user?: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | false;
  /** The From, To and Cc headers as written. */
  readonly from: string;
  readonly to: string;
  readonly cc: string;
}

/** How the SMTP peer behaves: the login it requires, the recipients it refuses, an answer to DATA. */
export interface SmtpPeerOptions {
  /** When set, AUTH must give this user and password (else 535); sending without a login is refused (530). */
  readonly login?: { readonly user: string; readonly pass: string };
  /** Recipients refused at RCPT TO with 550, as a server that knows no such mailbox. */
  readonly refuse?: readonly string[];
  /** Delays the greeting this long, to test the client's timeout and cancel. */
  readonly greetingDelayMs?: number;
}

/** A running SMTP peer on 127.0.0.1: where it listens, what it received, and a close that ends every session. */
export interface SmtpPeer {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly messages: ReceivedMail[];
  /** Sessions opened, whether or not they delivered a message. */
  readonly connections: number;
  close(): Promise<void>;
}

function headerText(value: unknown): string {
  if (value === undefined) return '';
  return (Array.isArray(value) ? value : [value]).map((entry: { text?: string }) => entry.text ?? '').join(', ');
}

/**
 * Starts a real SMTP server (npm `smtp-server`) on 127.0.0.1 that parses each message it takes (npm
 * `mailparser`) so that tests read envelope recipients, subject and body as a mail client would. It offers
 * no STARTTLS (no certificate) and allows AUTH in plain text, as a local sink does.
 */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: options.login === undefined,
    onConnect: (_session, callback) => {
      connections += 1;
      if (options.greetingDelayMs === undefined) callback();
      else setTimeout(() => callback(), options.greetingDelayMs).unref();
    },
    onAuth: (auth, _session, callback) => {
      const ok = options.login !== undefined && auth.username === options.login.user && auth.password === options.login.pass;
      if (ok) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo: (address, _session, callback) => {
      if (options.refuse?.includes(address.address)) callback(Object.assign(new Error(`Mailbox ${address.address} does not exist`), { responseCode: 550 }));
      else callback();
    },
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            envelope: {
              from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            ...(typeof session.user === 'string' ? { user: session.user } : {}),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? false,
            from: headerText(parsed.from),
            to: headerText(parsed.to),
            cc: headerText(parsed.cc),
          });
          callback(null, 'Queued as peer-1');
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    messages,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
