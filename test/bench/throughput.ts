import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface ThroughputResult {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers other than 2xx. */
  non2xx: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * autocannon in its own process (so the load generator does not share the gateway's thread): `connections`
 * keep-alive connections for `seconds`, every request with the caller's ID token.
 */
export function loadTest(url: string, token: string, connections = 50, seconds = 20): Promise<ThroughputResult> {
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');
  const args = [cli, '-c', String(connections), '-d', String(seconds), '-j', '-H', `authorization=Bearer ${token}`, url];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${stderr.slice(-300)}`));
      const out = JSON.parse(stdout) as AutocannonJson;
      resolve({
        connections,
        seconds,
        requests: out.requests.total,
        requestsPerSecond: out.requests.average,
        p50Ms: out.latency.p50,
        p99Ms: out.latency.p99,
        errors: out.errors + out.timeouts,
        non2xx: out.non2xx,
      });
    });
  });
}
