import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';

/** One keep-alive connection pool for the bench's own calls, as the SDK keeps its connections alive too. */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export interface Answer {
  status: number;
  body: string;
}

/** A GET through the local gateway with the caller's ID token, the body read in full. */
export function get(baseUrl: string, path: string, token?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      { agent, method: 'GET', headers: { accept: 'application/json', ...(token && { authorization: `Bearer ${token}` }) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A GET that must answer 200; resolves with the parsed JSON. */
export async function getOk<T = unknown>(baseUrl: string, path: string, token?: string): Promise<T> {
  const answer = await get(baseUrl, path, token);
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
  return JSON.parse(answer.body) as T;
}

export interface LatencyClient {
  /** A GET that must answer 200; resolves when the last byte of the body has arrived. */
  getOk(path: string, token: string): Promise<void>;
  close(): void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * The client the latency rows time the gateway with: one keep-alive connection, each GET written as
 * prepared bytes and its answer read up to its Content-Length, as load tools do (autocannon). node:http's
 * client costs about as much per call as a small handler, and the row times the API, not the measuring
 * client. (The bare row's SDK client is part of the work the handler itself does, so it stays.) One
 * call at a time.
 */
export async function openLatencyClient(baseUrl: string): Promise<LatencyClient> {
  const { hostname, port, host } = new URL(baseUrl);
  const socket: Socket = connect({ host: hostname, port: Number(port) });
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let pending: { path: string; resolve: () => void; reject: (error: Error) => void } | undefined;
  let received: Buffer = Buffer.alloc(0);
  const fail = (error: Error) => {
    pending?.reject(error);
    pending = undefined;
  };
  socket.on('data', (chunk: Buffer) => {
    received = received.length ? Buffer.concat([received, chunk]) : chunk;
    const headerEnd = received.indexOf(HEADER_END);
    if (headerEnd < 0 || !pending) return;
    const head = received.toString('latin1', 0, headerEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) return fail(new Error(`GET ${pending.path}: no Content-Length in ${head.split('\r\n')[0]}`));
    const end = headerEnd + HEADER_END.length + Number(length);
    if (received.length < end) return;
    const status = head.slice(9, 12);
    const body = received.toString('utf8', headerEnd + HEADER_END.length, end);
    received = received.subarray(end);
    const { path, resolve } = pending;
    pending = undefined;
    if (status === '200') resolve();
    else fail(new Error(`GET ${path}: ${status} ${body.slice(0, 200)}`));
  });
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('the gateway closed the connection')));
  return {
    getOk: (path, token) =>
      new Promise<void>((resolve, reject) => {
        if (pending) return reject(new Error('one call at a time'));
        pending = { path, resolve, reject };
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept: application/json\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      }),
    close: () => socket.destroy(),
  };
}

export const closeAgent = () => agent.destroy();
