import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { close, HOST, localUrl, PortInUseError } from './net';

// A CommonJS module with an `exports.default`: require() reads it the same under tsx, Node and vitest.
const startSesServer = (createRequire(import.meta.url)('aws-ses-v2-local') as typeof import('aws-ses-v2-local')).default;

export interface SesEmulator {
  /** Also the mail viewer; `GET /store` lists sent mail as JSON. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** aws-ses-v2-local in this process; its store lives in memory only. */
export async function startSes(options: { port: number }): Promise<SesEmulator> {
  const server: Server = await startSesServer({ host: HOST, port: options.port });
  // Its express listen() swallows bind errors and hands back a server that is not listening.
  if (!server.listening) throw new PortInUseError('SES (aws-ses-v2-local)', options.port);
  const port = (server.address() as AddressInfo).port;
  return { url: localUrl(port), port, stop: () => close(server) };
}
