import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { HOST, localUrl, PortInUseError } from './net';

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
  flags: Record<string, boolean>;
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

/** Vite's dev server for web/ (hot reload); undefined with a warning while web/vite.config.ts does not exist. */
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
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile,
    clearScreen: false,
    logLevel: options.quiet ? 'silent' : 'warn',
    server: { host: HOST, port: options.port, strictPort: true },
    plugins: [runtimeConfigPlugin(options.runtimeConfig)],
  });
  try {
    await server.listen();
  } catch (error) {
    await server.close();
    if (error instanceof Error && /already in use/i.test(error.message)) throw new PortInUseError('Web (vite)', options.port);
    throw error;
  }
  const port = (server.httpServer?.address() as AddressInfo).port;
  return { url: localUrl(port), port, stop: () => server.close() };
}
