import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { securityHeaders } from '../config/security-headers';
import { close, listen, localUrl } from './net';

/** What the deployment writes as /runtime-config.json, with the local stack's values. */
export interface LocalRuntimeConfig {
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  assetBaseUrl: string;
  cognitoEndpoint: string;
  stage: 'local';
  mailViewerUrl: string;
}

export interface WebServer {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** Serves /runtime-config.json from memory, so nothing is written into web/. */
function runtimeConfigPlugin(config: LocalRuntimeConfig): Plugin {
  return {
    name: 'bisn-local-runtime-config',
    configureServer(server) {
      server.middlewares.use('/runtime-config.json', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-store');
        res.end(JSON.stringify(config));
      });
    },
  };
}

/**
 * The CloudFront security headers (lib/config/security-headers.ts) on every response, with the local
 * origins. One addition: Vite's dev server puts React refresh's inline module script into index.html (the
 * production build has none), so the CSP allows exactly that script by a nonce Vite stamps on it.
 */
function securityHeadersPlugin(config: LocalRuntimeConfig, siteUrl: string): Plugin {
  const nonce = randomBytes(16).toString('base64');
  const headers = securityHeaders({
    apiUrl: config.apiUrl,
    cognitoUrl: config.cognitoEndpoint,
    assetBaseUrl: config.assetBaseUrl,
    // Presigned POST uploads go to the local S3; hot reload talks over a websocket to this server.
    extraConnect: [config.assetBaseUrl, siteUrl.replace(/^http/, 'ws')],
  });
  headers['Content-Security-Policy'] = headers['Content-Security-Policy']!.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`);
  return {
    name: 'bisn-local-security-headers',
    config: () => ({ html: { cspNonce: nonce } }),
    configureServer(server) {
      server.middlewares.use((_req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        next();
      });
    },
  };
}

/**
 * Vite's dev server for web/ (hot reload), undefined with a warning while web/vite.config.ts does not exist.
 * Vite runs in middleware mode on a server of ours: standalone, it would install process-wide SIGTERM and
 * stdin-end handlers that exit the process before the rest of the stack has stopped.
 */
export async function startWeb(options: {
  root: string;
  port: number;
  runtimeConfig: LocalRuntimeConfig;
  quiet: boolean;
}): Promise<WebServer | undefined> {
  const configFile = join(options.root, 'web/vite.config.ts');
  if (!existsSync(configFile)) {
    console.warn(`[web] ${configFile} not found: the site is not served`);
    return undefined;
  }
  const { createServer: createViteServer } = await import('vite');
  const server = createServer();
  const port = await listen(server, options.port, 'Web (vite)');
  try {
    const vite = await createViteServer({
      configFile,
      clearScreen: false,
      logLevel: options.quiet ? 'silent' : 'warn',
      appType: 'spa',
      server: { middlewareMode: true, ws: { server } },
      // Headers first: the runtime-config middleware answers without passing the request on.
      plugins: [securityHeadersPlugin(options.runtimeConfig, localUrl(port)), runtimeConfigPlugin(options.runtimeConfig)],
    });
    server.on('request', vite.middlewares);
    return {
      url: localUrl(port),
      port,
      stop: async () => {
        await vite.close();
        await close(server);
      },
    };
  } catch (error) {
    await close(server);
    throw error;
  }
}

/** `vite build` of web/ into `outDir` with the project's own config, as the deployment builds it. */
export async function buildWebApp(root: string, outDir: string, plugins: Plugin[] = []): Promise<void> {
  const { build } = await import('vite');
  // Vite keeps a NODE_ENV it finds (vitest sets "test"), and React would then ship its development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(root, 'web/vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
      plugins,
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
