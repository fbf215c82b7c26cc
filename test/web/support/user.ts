import type { User } from '@shared/api/schemas/users';

/** A user record as the API returns it. */
export function testUser(overrides: Partial<User> = {}): User {
  const user: Omit<User, 'name'> = {
    _id: 'user-1',
    cognitoId: 'cognito-sub-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    acceptedTermsAndConditions: true,
    status: 'active',
    emailConfirmed: true,
    title: 'Broker',
    license: '01234567',
    phone: '9165550100',
    subscriptions: [],
    matchNotices: true,
    directory: { listed: true, showPhone: true, showEmail: true },
    notifications: { requirements: 'instant', matches: 'instant', digestFrequency: 'weekdays', digestLimit: 25 },
    profileImage: null,
    brokerImage: null,
    brokerInfo: null,
    isOperator: false,
    createdAt: '2025-01-02T03:04:05.000Z',
    approvedAt: '2025-01-03T03:04:05.000Z',
    mailStop: null,
    version: 0,
    ...overrides,
  };
  return { ...user, name: overrides.name ?? `${user.firstName} ${user.lastName}`.trim() };
}
