import { describe, expect, it } from 'vitest';
import { usersRepository } from '../../lambdas/data/users';
import { stopMailTo } from '../../lambdas/domain/mail-feedback';
import { toUserDto } from '../../lambdas/domain/users';
import { newEmail } from './accounts-support';
import { broker } from './support';

const bounce = { reason: 'bounce' as const, at: '2024-03-01T10:00:00.000Z', detail: 'smtp; 550 5.1.1 user unknown' };
const complaint = { reason: 'complaint' as const, at: '2024-03-02T10:00:00.000Z', detail: 'marked as abuse' };

describe('SES bounces and complaints', () => {
  it('stops the mail of each reported account, in order, and says which addresses have none', async () => {
    const first = await broker('bounced');
    const second = await broker('complained');
    const stranger = newEmail('stranger');
    const outcomes = await stopMailTo([
      { address: first.record.email, stop: bounce },
      { address: stranger, stop: bounce },
      { address: second.record.email.toUpperCase(), stop: complaint },
    ]);
    expect(outcomes).toEqual([
      { address: first.record.email, result: 'stopped' },
      { address: stranger, result: 'no account' },
      { address: second.record.email.toUpperCase(), result: 'stopped' },
    ]);
    expect((await usersRepository.get(first.record.userId))?.mailStop).toEqual(bounce);
    const stored = (await usersRepository.get(second.record.userId))!;
    expect(stored.mailStop).toEqual(complaint);
    expect(toUserDto(stored).mailStop).toEqual(complaint);
  });

  it('a repeated report finds the stop there and keeps the first reason', async () => {
    const { record } = await broker('repeated');
    expect(await stopMailTo([{ address: record.email, stop: bounce }])).toEqual([{ address: record.email, result: 'stopped' }]);
    expect(await stopMailTo([{ address: record.email, stop: complaint }])).toEqual([{ address: record.email, result: 'already stopped' }]);
    expect((await usersRepository.get(record.userId))?.mailStop).toEqual(bounce);
    expect(await stopMailTo([])).toEqual([]);
  });
});
