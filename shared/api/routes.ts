/**
 * THE route table: every endpoint of the product API, once. Pure data, read by
 * - lib/stacks/api (one NodejsFunction per route, JWT authorizer on every non-public route),
 * - lib/local/gateway (the local API gateway),
 * - web/src/lib/api (paths for the client),
 * - test/api/authorization-matrix (every route × every kind of caller).
 *
 * auth levels, enforced on the server from the token and the user record:
 * - public:   no token needed
 * - user:     any signed-in user with a record (approved or not); ownership is checked by the handler
 * - approved: a signed-in user whose status is "active" (the API answers 403 otherwise)
 * - operator: a member of the Cognito group `operators`
 */
export type AuthLevel = 'public' | 'user' | 'approved' | 'operator';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  /** Stable id: names the Lambda function, the log group and the client call. */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `{param}` segments. */
  readonly path: string;
  readonly auth: AuthLevel;
  /** Handler module, relative to the repo root; it exports `handler`. */
  readonly entry: string;
  /** Who besides the owner may call it, for the authorization matrix: 'owner' routes act on `{userId}`/own items. */
  readonly scope: 'any' | 'self' | 'owner';
}

const r = <const Id extends string, const Auth extends AuthLevel>(
  id: Id,
  method: HttpMethod,
  path: string,
  auth: Auth,
  entry: string,
  scope: RouteDef['scope'] = 'any',
): RouteDef & { readonly id: Id; readonly auth: Auth } => ({ id, method, path, auth, entry: `lambdas/http/${entry}.ts`, scope });

export const routes = [
  // users (spec 01 §7)
  r('getUserByCognitoId', 'GET', '/user/cognito/{cognitoId}', 'user', 'users/get-user', 'self'),
  r('createUser', 'POST', '/user', 'public', 'users/create-user'),
  r('setActiveStatus', 'POST', '/user/setActiveStatus/{userId}', 'user', 'users/set-active-status', 'self'),
  r('updateSubscriptions', 'POST', '/user/subscriptions/{userId}', 'user', 'users/update-subscriptions', 'self'),
  r('updatePersonalInfo', 'POST', '/user/personalInfo/{userId}', 'user', 'users/update-personal-info', 'self'),
  r('updateBrokerInfo', 'POST', '/user/brokerInfo/{userId}', 'user', 'users/update-broker-info', 'self'),
  // images: presigned POST straight to S3, then finalise (PRODUCT.md "Images")
  r('presignProfileImage', 'POST', '/user/profileImage/{userId}/upload', 'user', 'images/presign-profile-image', 'self'),
  r('finaliseProfileImage', 'POST', '/user/profileImage/{userId}', 'user', 'images/finalise-profile-image', 'self'),
  r('presignBrokerImage', 'POST', '/user/brokerImage/{userId}/upload', 'user', 'images/presign-broker-image', 'self'),
  r('finaliseBrokerImage', 'POST', '/user/brokerImage/{userId}', 'user', 'images/finalise-broker-image', 'self'),
  r('presignListingImage', 'POST', '/listing/image/{listingId}/upload', 'approved', 'images/presign-listing-image', 'owner'),
  r('finaliseListingImage', 'POST', '/listing/image/{listingId}', 'approved', 'images/finalise-listing-image', 'owner'),
  r('deleteListingImage', 'DELETE', '/listing/image/{listingId}/{imageId}', 'approved', 'images/delete-listing-image', 'owner'),
  // unsubscribe (spec 01 §7 + RFC 8058 one-click)
  r('unsubscribe', 'POST', '/unsubscribe', 'public', 'unsubscribe/unsubscribe'),
  r('unsubscribeOneClick', 'POST', '/unsubscribe/one-click', 'public', 'unsubscribe/unsubscribe-one-click'),
  // requirements (spec 02 §7)
  r('listRequirements', 'GET', '/requirements', 'user', 'requirements/list-requirements'),
  r('listMyRequirements', 'GET', '/requirements/{userId}', 'user', 'requirements/list-my-requirements', 'self'),
  r('getRequirement', 'GET', '/requirement/{requirementId}', 'user', 'requirements/get-requirement'),
  r('createRequirement', 'POST', '/requirement', 'approved', 'requirements/create-requirement'),
  r('countActiveRequirements', 'GET', '/requirement_count', 'user', 'requirements/count-active-requirements'),
  // listings (spec 02 §7)
  r('listListings', 'GET', '/listings', 'user', 'listings/list-listings'),
  r('listMyListings', 'GET', '/listings/user/{userId}', 'user', 'listings/list-my-listings', 'self'),
  r('countRecentListings', 'GET', '/listings/recent-published-count', 'user', 'listings/count-recent-listings'),
  r('getListing', 'GET', '/listing/{listingId}', 'user', 'listings/get-listing'),
  r('createListing', 'POST', '/listing', 'approved', 'listings/create-listing'),
  r('updateListing', 'PUT', '/listing/{listingId}', 'approved', 'listings/update-listing', 'owner'),
  r('deleteListing', 'DELETE', '/listing/{listingId}', 'user', 'listings/delete-listing', 'owner'),
  // The spec reads publish as a GET; a state change is a POST here (docs/DECISIONS.md).
  r('publishListing', 'POST', '/listing/publish/{listingId}', 'approved', 'listings/publish-listing', 'owner'),
  // operators (PRODUCT.md "Accounts and approval")
  r('adminListUsers', 'GET', '/admin/users', 'operator', 'admin/list-users'),
  r('adminApproveUser', 'POST', '/admin/users/{userId}/approve', 'operator', 'admin/approve-user'),
  r('adminDisableUser', 'POST', '/admin/users/{userId}/disable', 'operator', 'admin/disable-user'),
  r('adminEnableUser', 'POST', '/admin/users/{userId}/enable', 'operator', 'admin/enable-user'),
  r('adminDeleteListing', 'DELETE', '/admin/listing/{listingId}', 'operator', 'admin/delete-listing'),
  r('adminDeleteRequirement', 'DELETE', '/admin/requirement/{requirementId}', 'operator', 'admin/delete-requirement'),
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof routes)[number]['id'];

export const routeById = Object.fromEntries(routes.map((route) => [route.id, route])) as {
  readonly [K in RouteId]: Extract<(typeof routes)[number], { id: K }>;
};

/** Fills `{param}` segments, encoding each value. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Background jobs (EventBridge Scheduler in the cloud, the in-process scheduler locally). */
export const jobs = [
  { id: 'blast', entry: 'lambdas/jobs/blast.ts', cron: '0 9 ? * MON-FRI *', timeZone: 'America/New_York' },
  { id: 'broadcastRequirements', entry: 'lambdas/jobs/broadcast-requirements.ts', rate: '1 minute' },
  { id: 'expireListings', entry: 'lambdas/jobs/expire-listings.ts', cron: '30 3 * * ? *', timeZone: 'America/New_York' },
] as const;

export type JobId = (typeof jobs)[number]['id'];

/** The admin Lambda: invoked directly by `npm run admin -- ...` against a deployed stage. */
export const adminFunctionEntry = 'lambdas/jobs/admin.ts';
