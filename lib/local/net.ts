import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Every emulator listens on the loopback name the URLs use, never on the network. */
export const HOST = 'localhost';

/** A fixed port someone else already holds; `npm start` turns it into a one-line hint. */
export class PortInUseError extends Error {
  constructor(
    readonly service: string,
    readonly port: number,
  ) {
    super(`${service}: port ${port} is already in use`);
    this.name = 'PortInUseError';
  }
}

/** Listens on `port` (0 = any free one) and resolves with the port actually bound. */
export function listen(server: Server, port: number, service: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(service, port) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, HOST);
  });
}

/** Closes a server without waiting for idle keep-alive sockets of clients that went away. */
export function close(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

export const localUrl = (port: number) => `http://${HOST}:${port}`;

export interface PortReservation {
  port: number;
  release(): Promise<void>;
}

/**
 * A free port held until release(), for a server that must know its URL long before it starts (the site's
 * origin, before the web build): a port only probed and let go could meanwhile be handed to another
 * server asking for any free one (a parallel test's stack), and the site would then fail to start.
 */
export async function reservePort(): Promise<PortReservation> {
  const holder = createServer();
  const port = await listen(holder, 0, 'port reservation');
  return { port, release: () => close(holder) };
}
