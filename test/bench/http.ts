import { Agent, request } from 'node:http';

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

/** A GET that must answer 200; resolves with the body as received (what a latency is timed to). */
export async function getOkBody(baseUrl: string, path: string, token?: string): Promise<string> {
  const answer = await get(baseUrl, path, token);
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
  return answer.body;
}

/** A GET that must answer 200; resolves with the parsed JSON. */
export async function getOk<T = unknown>(baseUrl: string, path: string, token?: string): Promise<T> {
  return JSON.parse(await getOkBody(baseUrl, path, token)) as T;
}

export const closeAgent = () => agent.destroy();
