import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { close, listen, PortInUseError, reservePort } from '../../../lib/local/net';

describe('reservePort', () => {
  const servers = [createServer(), createServer()];
  afterEach(async () => Promise.all(servers.map(close)));

  it('holds its port until released: no other server gets it meanwhile, the site does after release', async () => {
    const reservation = await reservePort();
    await expect(listen(servers[0]!, reservation.port, 'other')).rejects.toBeInstanceOf(PortInUseError);
    await reservation.release();
    expect(await listen(servers[1]!, reservation.port, 'site')).toBe(reservation.port);
  });

  it('releases once: a second release (the stack stopping after the site started) does nothing', async () => {
    const reservation = await reservePort();
    await reservation.release();
    await expect(reservation.release()).resolves.toBeUndefined();
  });
});
