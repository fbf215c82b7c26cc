import { brokerInfoSave, notificationPreferencesSave, personalInfoSave, subscriptionsSave, type AdminUser, type User } from '@shared/api/schemas/users';
import { subscriptionCategories } from '@shared/catalog';
import type { DelegationsResponse } from '@shared/api/schemas/delegations';
import { seedCognitoSession } from '../support/cognito-session';
import { json, startWithConfig, type RecordedRequest } from '../support/fake-backend';
import { testUser } from '../support/user';

export const STORE_URL = 'https://images.example.test/bucket';

/** Every category, subscribed unless listed. */
export function subscriptionsExcept(...off: string[]): User['subscriptions'] {
  return subscriptionCategories.map((c) => ({ _id: c.id, name: c.name, subscribed: !off.includes(c.id) }));
}

const bodyOf = (request: RecordedRequest): unknown => JSON.parse(String(request.body));

/**
 * The product API as the browser sees it, for the consumer screens: one user record that the profile
 * routes change (parsed with the shared schemas, as the server does), the two dashboard counts, and the
 * image store. `failWith` makes the next matching call answer an error.
 */
export async function startProfileBackend(initial: Partial<User> = {}) {
  const state = {
    user: testUser({ subscriptions: subscriptionsExcept(), ...initial }),
    counts: { requirements: 12, listings: 4 },
    /** The Matches tile's open matches (GET /match_count): of the broker's requirements, of their listings. */
    matches: { requirements: 3, listings: 2 },
    /** What the operator page's lists show (GET /admin/users, by status). */
    accounts: [] as AdminUser[],
    /** The account's delegations both ways (GET /delegations). */
    delegations: { asDelegate: [], asBroker: [] } as DelegationsResponse,
    failures: new Map<string, { status: number; message: string }>(),
  };
  seedCognitoSession({ sub: state.user.cognitoId, email: state.user.email });

  const fail = (key: string) => {
    const failure = state.failures.get(key);
    if (!failure) return undefined;
    state.failures.delete(key);
    return json(failure.status, { message: failure.message });
  };
  const answerUser = (change: Partial<User>) => {
    state.user = { ...state.user, ...change, version: state.user.version + 1 };
    return json(200, { user: state.user });
  };
  /** A profile save over another version than the stored one: refused as the server refuses it. */
  const stale = (body: { version: number }) =>
    body.version === state.user.version ? undefined : json(409, { message: 'Your profile was changed elsewhere.', currentVersion: state.user.version });

  const { requests } = await startWithConfig((request) => {
    const path = request.url.pathname;
    if (request.url.href.startsWith(STORE_URL)) return fail('store') ?? new Response(null, { status: 204 });
    if (path.startsWith('/user/cognito/')) return json(200, { user: state.user });
    if (path === '/requirement_count') return fail('requirementCount') ?? json(200, { count: state.counts.requirements });
    if (path === '/match_count') return json(200, state.matches);
    if (path === '/delegations') return json(200, state.delegations);
    if (path === '/listings/recent-published-count') return json(200, { count: state.counts.listings });
    if (path === '/admin/users') {
      return json(200, { items: state.accounts.filter((a) => a.status === request.url.searchParams.get('status')), nextCursor: null });
    }
    // "I have fixed it: e-mail me again": the stop is gone (the version stays: it is not a profile edit).
    if (path.startsWith('/user/mail/')) {
      const failure = fail('resumeMail');
      if (failure) return failure;
      state.user = { ...state.user, mailStop: null };
      return json(200, { user: state.user });
    }
    if (path.startsWith('/user/personalInfo/')) {
      const { version: _base, ...fields } = personalInfoSave.parse(bodyOf(request));
      return fail('personalInfo') ?? stale({ version: _base }) ?? answerUser(fields);
    }
    if (path.startsWith('/user/brokerInfo/')) {
      const { name, address1, address2, version } = brokerInfoSave.parse(bodyOf(request));
      return fail('brokerInfo') ?? stale({ version }) ?? answerUser({ brokerInfo: { ...state.user.brokerInfo, name, address1, address2 } });
    }
    if (path.startsWith('/user/subscriptions/')) {
      const { subscriptions, matchNotices, version } = subscriptionsSave.parse(bodyOf(request));
      const on = new Map(subscriptions.map((s) => [s.subscriptionId, s.subscribed]));
      return (
        fail('subscriptions') ??
        stale({ version }) ??
        answerUser({
          subscriptions: state.user.subscriptions.map((s) => ({ ...s, subscribed: on.get(s._id) ?? s.subscribed })),
          matchNotices: matchNotices ?? state.user.matchNotices,
        })
      );
    }
    if (path.startsWith('/user/notifications/')) {
      const { version, ...notifications } = notificationPreferencesSave.parse(bodyOf(request));
      return fail('notifications') ?? stale({ version }) ?? answerUser({ notifications });
    }
    if (/^\/user\/(profile|broker)Image\/[^/]+\/upload$/.test(path)) {
      return fail('presign') ?? json(200, { url: STORE_URL, fields: { key: 'users/u/profile/uploads/x', 'Content-Type': 'image/png' }, key: 'users/u/profile/uploads/x', expiresAt: new Date(Date.now() + 300_000).toISOString() });
    }
    if (path.startsWith('/user/profileImage/')) {
      return fail('finalise') ?? answerUser({ profileImage: { profile: 'users/u/profile/profile/new.jpg', medium: 'users/u/profile/medium/new.jpg' } });
    }
    if (path.startsWith('/user/brokerImage/')) {
      return fail('finalise') ?? answerUser({ brokerImage: { thumbnail: 'users/u/logo/thumbnail/new.jpg', medium: 'users/u/logo/medium/new.jpg', original: 'users/u/logo/original/new.jpg' } });
    }
    return json(404, { message: 'Not found' });
  });

  const calls = (pathPrefix: string) => requests.filter((r) => r.url.pathname.startsWith(pathPrefix) && r.method === 'POST');
  return { state, requests, calls, bodyOf };
}
