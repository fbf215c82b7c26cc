import { vi } from 'vitest';
import { loadRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';

/** The configuration the deployment would write; values are fake but well formed. */
export const testConfig = {
  apiUrl: 'https://api.example.test/',
  region: 'us-west-2',
  userPoolId: 'us-west-2_TestPool1',
  userPoolClientId: 'testclient0123456789',
  assetBaseUrl: 'https://assets.example.test',
  stage: 'test',
};

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces the browser's fetch (outside our code): serves /runtime-config.json and hands every other
 * request to `handler`, recording it. Returns the recorded requests, configuration fetch excluded.
 */
export function stubFetch(handler: Handler = () => json(404, { message: 'Not found' }), config: object = testConfig) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/runtime-config.json') return json(200, config);
    const request = { url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetchStub };
}

/** Stubs fetch and loads the runtime configuration through the real loader. */
export async function startWithConfig(handler?: Handler): Promise<{ requests: RecordedRequest[]; config: RuntimeConfig }> {
  const { requests } = stubFetch(handler);
  const config = await loadRuntimeConfig();
  return { requests, config };
}
