import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { securityHeaders } from '../config/security-headers';
import { close, listen, localUrl } from './net';
import type { LocalRuntimeConfig, WebServer } from './web';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.map']);

/**
 * The built web app served as CloudFront serves it (lib/stacks/web-stack.ts): gzip, hashed assets cached
 * for a year, index.html revalidated, the SPA fallback to index.html, the same security headers, and
 * /runtime-config.json with the local stack's values. `port` is the one the stack's SITE_URL names (CORS);
 * 0 picks a free one. The browser tests run against this, so what they test is what ships.
 */
export async function serveStaticSite(distDir: string, runtimeConfig: LocalRuntimeConfig, port: number): Promise<WebServer> {
  const headers = securityHeaders({
    apiUrl: runtimeConfig.apiUrl,
    cognitoUrl: runtimeConfig.cognitoEndpoint,
    assetBaseUrl: runtimeConfig.assetBaseUrl,
    // Presigned POST uploads go to the images bucket's own origin, as in the cloud.
    extraConnect: [runtimeConfig.assetBaseUrl],
  });
  const cache = new Map<string, { body: Buffer; gzip?: Buffer }>();
  const read = (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      const body = readFileSync(file);
      entry = { body, gzip: COMPRESSIBLE.has(path.extname(file)) ? gzipSync(body) : undefined };
      cache.set(file, entry);
    }
    return entry;
  };
  const isFile = (file: string) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };

  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (pathname === '/runtime-config.json') {
      res.writeHead(200, { 'content-type': TYPES['.json']!, 'cache-control': 'no-store' });
      res.end(JSON.stringify(runtimeConfig));
      return;
    }
    const candidate = path.join(distDir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    const file = candidate.startsWith(distDir) && isFile(candidate) ? candidate : path.join(distDir, 'index.html');
    const { body, gzip } = read(file);
    const useGzip = gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(useGzip && { 'content-encoding': 'gzip' }),
    });
    res.end(useGzip ? gzip : body);
  });
  const listening = await listen(server, port, 'Web (built)');
  return { url: localUrl(listening), port: listening, stop: () => close(server) };
}
