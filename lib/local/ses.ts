import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { sesFeedbackEventOf } from './events';
import { close, HOST, localUrl, PortInUseError } from './net';

// A CommonJS module with an `exports.default`: require() reads it the same under tsx, Node and vitest.
const startSesServer = (createRequire(import.meta.url)('aws-ses-v2-local') as typeof import('aws-ses-v2-local')).default;

/** How a recipient's mail server answers mail to an address (set per address with `PUT /mailboxes/<address>`). */
export type MailboxAnswer = 'deliver' | 'bounce' | 'complaint';
export const mailboxAnswers: readonly MailboxAnswer[] = ['deliver', 'bounce', 'complaint'];

export interface SesEmulator {
  /** Also the mail viewer; `GET /store` lists sent mail as JSON. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export interface SesOptions {
  port: number;
  /** The configuration set its events name (the stage's set is the identity's default in the cloud). */
  configurationSet: string;
  /** Where SES's event destination publishes bounces and complaints: the local event bus. */
  publish(event: unknown): void;
}

/** The send rate GetAccount answers until `PUT /account` sets one: high, so tests are not slowed by pacing. */
export const LOCAL_MAX_SEND_RATE = 1000;

/** SES's mailbox simulator: these addresses (with an optional `+label`) bounce, complain or are suppressed. */
const SIMULATOR = /^(bounce|complaint|suppressionlist)(\+[^@]*)?@simulator\.amazonses\.com$/i;
const SUPPRESSED_DIAGNOSTIC = 'Amazon SES did not send the message to this address because it is on the suppression list for your account.';

/**
 * aws-ses-v2-local in this process (its mail store lives in memory only), with what it lacks of SES's
 * feedback, so bounce handling runs end to end locally:
 * - Mail to a bouncing or complaining address is stored as sent, and then SES's bounce or complaint
 *   event is published through the configuration set to the event bus. Addresses bounce or complain as
 *   SES's mailbox simulator does (`bounce@simulator.amazonses.com`, `complaint@…`, `+label` allowed), or
 *   because a test or a developer said so: `PUT /mailboxes/<address>` with `{ "answer": "bounce" |
 *   "complaint" | "deliver" }` (local only, like the viewer's `/store`).
 * - The account-level suppression list: a hard bounce or a complaint of a real address puts it there (the
 *   simulator's addresses are never added, as in SES); a send to a listed address is accepted but not
 *   delivered, and bounces with `OnAccountSuppressionList`. Get, Put and DeleteSuppressedDestination
 *   (SES v2) read and change it.
 * - The account's send rate: GetAccount answers SendQuota.MaxSendRate; once `PUT /account` with
 *   `{ "maxSendRate": n }` set it, sends beyond it in any one second are refused as SES refuses them
 *   (429 TooManyRequestsException). `PUT /throttle` with `{ "sends": n }` refuses the next n sends so,
 *   whatever the rate: SES throttling on demand (local only); with `"to": [addresses]`, the next n sends to
 *   any of them (a test's own brokers, when other test files share the emulator).
 */
export async function startSes(options: SesOptions): Promise<SesEmulator> {
  const server: Server = await startSesServer({ host: HOST, port: options.port });
  // Its express listen() swallows bind errors and hands back a server that is not listening.
  if (!server.listening) throw new PortInUseError('SES (aws-ses-v2-local)', options.port);
  const port = (server.address() as AddressInfo).port;

  let maxSendRate = LOCAL_MAX_SEND_RATE;
  /** Enforced once set (`PUT /account`): the tests' many files send at once, within no one rate. */
  let enforced = false;
  let throttleNext = { sends: 0, to: undefined as ReadonlySet<string> | undefined };
  let window = { second: 0, sends: 0 };
  let sentLast24Hours = 0;
  /** False when this send is over the account's rate (or refused on demand). */
  const withinRate = (recipients: readonly string[]) => {
    const { sends, to } = throttleNext;
    if (sends > 0 && (!to || recipients.some((address) => to.has(address.toLowerCase())))) {
      throttleNext = { sends: sends - 1, to };
      return false;
    }
    const second = Math.floor(Date.now() / 1000);
    if (window.second !== second) window = { second, sends: 0 };
    if (enforced && window.sends >= maxSendRate) return false;
    window.sends += 1;
    sentLast24Hours += 1;
    return true;
  };

  const mailboxes = new Map<string, MailboxAnswer>();
  const suppressed = new Map<string, { reason: 'BOUNCE' | 'COMPLAINT'; at: Date }>();
  const answerOf = (address: string): MailboxAnswer | 'suppressed' => {
    const key = address.toLowerCase();
    if (suppressed.has(key)) return 'suppressed';
    const simulated = SIMULATOR.exec(key)?.[1];
    if (simulated) return simulated === 'suppressionlist' ? 'suppressed' : (simulated as MailboxAnswer);
    return mailboxes.get(key) ?? 'deliver';
  };

  /** After SES accepted a mail: what the recipients' servers (or the suppression list) say, as events. */
  const feedback = (mail: SendEmailBody, recipients: readonly string[]) => {
    const common = { configurationSet: options.configurationSet, source: mail.FromEmailAddress, messageId: randomUUID() };
    for (const address of recipients) {
      const key = address.toLowerCase();
      const answer = answerOf(address);
      if (answer === 'deliver') continue;
      if (answer === 'suppressed') {
        options.publish(sesFeedbackEventOf('Bounce', address, { ...common, bounceSubType: 'OnAccountSuppressionList', diagnosticCode: SUPPRESSED_DIAGNOSTIC }));
        continue;
      }
      if (!SIMULATOR.test(key)) suppressed.set(key, { reason: answer === 'bounce' ? 'BOUNCE' : 'COMPLAINT', at: new Date() });
      options.publish(sesFeedbackEventOf(answer === 'bounce' ? 'Bounce' : 'Complaint', address, common));
    }
  };

  const [emulator] = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const handle = async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://ses.local').pathname;
    const method = req.method ?? 'GET';

    const mailbox = /^\/mailboxes\/([^/]+)$/.exec(path);
    if (mailbox && method === 'PUT') {
      const { answer } = (await readJson(req)) as { answer?: MailboxAnswer };
      if (!answer || !mailboxAnswers.includes(answer)) return send(res, 400, { message: `answer must be one of ${mailboxAnswers.join(', ')}` });
      mailboxes.set(decodeURIComponent(mailbox[1]!).toLowerCase(), answer);
      return send(res, 204);
    }

    if (path === '/account' && method === 'PUT') {
      const { maxSendRate: rate } = (await readJson(req)) as { maxSendRate?: number };
      if (typeof rate !== 'number' || rate <= 0) return send(res, 400, { message: 'maxSendRate must be a positive number' });
      maxSendRate = rate;
      enforced = true;
      return send(res, 204);
    }
    if (path === '/throttle' && method === 'PUT') {
      const { sends, to } = (await readJson(req)) as { sends?: number; to?: string[] };
      if (!Number.isInteger(sends) || sends! < 0) return send(res, 400, { message: 'sends must be a whole number' });
      throttleNext = { sends: sends!, to: to && new Set(to.map((address) => address.toLowerCase())) };
      return send(res, 204);
    }
    if (path === '/v2/email/account' && method === 'GET') {
      return send(res, 200, {
        SendingEnabled: true,
        ProductionAccessEnabled: true,
        EnforcementStatus: 'HEALTHY',
        SendQuota: { MaxSendRate: maxSendRate, Max24HourSend: 1_000_000, SentLast24Hours: sentLast24Hours },
      });
    }

    const listed = /^\/v2\/email\/suppression\/addresses(?:\/([^/]+))?$/.exec(path);
    if (listed) {
      if (method === 'PUT' && !listed[1]) {
        const { EmailAddress, Reason } = (await readJson(req)) as { EmailAddress: string; Reason: 'BOUNCE' | 'COMPLAINT' };
        suppressed.set(EmailAddress.toLowerCase(), { reason: Reason, at: new Date() });
        return send(res, 200, {});
      }
      const address = decodeURIComponent(listed[1] ?? '').toLowerCase();
      const entry = suppressed.get(address);
      if (!entry || (method !== 'GET' && method !== 'DELETE')) return notFound(res, `Email address ${address} does not exist on your suppression list.`);
      if (method === 'DELETE') {
        suppressed.delete(address);
        return send(res, 200, {});
      }
      return send(res, 200, { SuppressedDestination: { EmailAddress: address, Reason: entry.reason, LastUpdateTime: entry.at.getTime() / 1000 } });
    }

    if (method === 'POST' && path === '/v2/email/outbound-emails') {
      // Read here to see the recipients first; express's JSON parser then finds the request read and keeps
      // this body (body-parser skips a finished request).
      const mail = (await readJson(req)) as SendEmailBody;
      req.body = mail;
      const recipients = mail.Destination?.ToAddresses ?? [];
      if (!withinRate(recipients)) return tooManyRequests(res);
      if (recipients.length > 0 && recipients.every((address) => answerOf(address) === 'suppressed')) {
        // SES accepts the call and sends nothing; the bounce tells the sender why.
        send(res, 200, { MessageId: randomUUID() });
        return feedback(mail, recipients);
      }
      res.on('finish', () => {
        if (res.statusCode === 200) feedback(mail, recipients);
      });
    }
    emulator!(req, res);
  };
  server.on('request', (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 400, { message: String(error) });
    });
  });

  return { url: localUrl(port), port, stop: () => close(server) };
}

/** The parts of SES v2 SendEmail's request the feedback reads. */
interface SendEmailBody {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** SES v2's answer to a send over the account's rate. */
function tooManyRequests(res: ServerResponse): void {
  res.writeHead(429, { 'content-type': 'application/json', 'x-amzn-errortype': 'TooManyRequestsException' }).end(JSON.stringify({ message: 'Maximum sending rate exceeded.' }));
}

/** SES v2's NotFoundException, as the SDK reads a REST-JSON error (its type in `x-amzn-errortype`). */
function notFound(res: ServerResponse, message: string): void {
  res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'NotFoundException' }).end(JSON.stringify({ message }));
}
