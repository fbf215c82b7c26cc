/**
 * THE route table: every endpoint of the product API, once. Pure data (one const per route, so a
 * Lambda bundle holds only its own; `routes` and `routeById` are the whole table), read by
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
  /**
   * A delegate acting for a broker (header X-Acting-For) may call it as that broker: the broker's
   * listings and requirements; 'export' only when the broker allows the delegate to export contact lists.
   * Any other route refuses the header: a delegate never changes the broker's profile, privacy or delegates.
   */
  readonly delegable: boolean | 'export';
}

/**
 * One route. Each is a const of its own, named by its id, so that a handler's bundle holds its route
 * and none of the others (esbuild drops the unused ones: `r` has no side effects); the web app, the CDK
 * app and the tests read the whole table, `routes` / `routeById`.
 */
// @__NO_SIDE_EFFECTS__
function r<const Id extends string, const Auth extends AuthLevel>(
  id: Id,
  method: HttpMethod,
  path: string,
  auth: Auth,
  entry: string,
  scope: RouteDef['scope'] = 'any',
  delegable: RouteDef['delegable'] = false,
): RouteDef & { readonly id: Id; readonly auth: Auth } {
  return { id, method, path, auth, entry: `lambdas/http/${entry}.ts`, scope, delegable };
}

/** A route a delegate may call for the broker they act for. */
const FOR_BROKER = true;

/** The request header naming the broker a delegate acts for (checked on the server on every call). */
export const actingForHeader = 'x-acting-for';

// users (spec 01 §7)
export const getUserByCognitoId = r('getUserByCognitoId', 'GET', '/user/cognito/{cognitoId}', 'user', 'users/get-user', 'self');
export const createUser = r('createUser', 'POST', '/user', 'public', 'users/create-user');
export const getCreationQuota = r('getCreationQuota', 'GET', '/user/quota/{userId}', 'user', 'users/get-creation-quota', 'self', FOR_BROKER);
export const setActiveStatus = r('setActiveStatus', 'POST', '/user/setActiveStatus/{userId}', 'user', 'users/set-active-status', 'self');
export const updateSubscriptions = r('updateSubscriptions', 'POST', '/user/subscriptions/{userId}', 'user', 'users/update-subscriptions', 'self');
export const updatePersonalInfo = r('updatePersonalInfo', 'POST', '/user/personalInfo/{userId}', 'user', 'users/update-personal-info', 'self');
export const updateBrokerInfo = r('updateBrokerInfo', 'POST', '/user/brokerInfo/{userId}', 'user', 'users/update-broker-info', 'self');
// The broker's own "e-mail me again" after SES stopped their mail (a bounce or a complaint).
export const resumeMail = r('resumeMail', 'POST', '/user/mail/{userId}', 'user', 'users/resume-mail', 'self');
// images: presigned POST straight to S3, then finalise (PRODUCT.md "Images")
export const presignProfileImage = r('presignProfileImage', 'POST', '/user/profileImage/{userId}/upload', 'user', 'images/presign-profile-image', 'self');
export const finaliseProfileImage = r('finaliseProfileImage', 'POST', '/user/profileImage/{userId}', 'user', 'images/finalise-profile-image', 'self');
export const presignBrokerImage = r('presignBrokerImage', 'POST', '/user/brokerImage/{userId}/upload', 'user', 'images/presign-broker-image', 'self');
export const finaliseBrokerImage = r('finaliseBrokerImage', 'POST', '/user/brokerImage/{userId}', 'user', 'images/finalise-broker-image', 'self');
export const presignListingImage = r('presignListingImage', 'POST', '/listing/image/{listingId}/upload', 'approved', 'images/presign-listing-image', 'owner', FOR_BROKER);
export const finaliseListingImage = r('finaliseListingImage', 'POST', '/listing/image/{listingId}', 'approved', 'images/finalise-listing-image', 'owner', FOR_BROKER);
export const deleteListingImage = r('deleteListingImage', 'DELETE', '/listing/image/{listingId}/{imageId}', 'approved', 'images/delete-listing-image', 'owner', FOR_BROKER);
export const presignListingBrochure = r('presignListingBrochure', 'POST', '/listing/brochure/{listingId}/upload', 'approved', 'images/presign-listing-brochure', 'owner', FOR_BROKER);
export const setListingBrochure = r('setListingBrochure', 'PUT', '/listing/brochure/{listingId}', 'approved', 'images/set-listing-brochure', 'owner', FOR_BROKER);
// unsubscribe (spec 01 §7 + RFC 8058 one-click)
export const unsubscribe = r('unsubscribe', 'POST', '/unsubscribe', 'public', 'unsubscribe/unsubscribe');
export const unsubscribeOneClick = r('unsubscribeOneClick', 'POST', '/unsubscribe/one-click', 'public', 'unsubscribe/unsubscribe-one-click');
// The signed link's page: reading changes nothing (link scanners open every link); its buttons post.
export const getUnsubscribeLink = r('getUnsubscribeLink', 'GET', '/unsubscribe/link', 'public', 'unsubscribe/get-unsubscribe-link');
export const updateUnsubscribeLink = r('updateUnsubscribeLink', 'POST', '/unsubscribe/link', 'public', 'unsubscribe/update-unsubscribe-link');
// requirements (spec 02 §7)
export const listRequirements = r('listRequirements', 'GET', '/requirements', 'user', 'requirements/list-requirements');
export const listMyRequirements = r('listMyRequirements', 'GET', '/requirements/{userId}', 'user', 'requirements/list-my-requirements', 'self', FOR_BROKER);
export const getRequirement = r('getRequirement', 'GET', '/requirement/{requirementId}', 'user', 'requirements/get-requirement', 'any', FOR_BROKER);
export const createRequirement = r('createRequirement', 'POST', '/requirement', 'approved', 'requirements/create-requirement', 'any', FOR_BROKER);
// the owner's edit, fill, withdraw and renew of a requirement
export const updateRequirement = r('updateRequirement', 'PUT', '/requirement/{requirementId}', 'approved', 'requirements/update-requirement', 'owner', FOR_BROKER);
export const fillRequirement = r('fillRequirement', 'POST', '/requirement/{requirementId}/fill', 'approved', 'requirements/fill-requirement', 'owner', FOR_BROKER);
export const withdrawRequirement = r('withdrawRequirement', 'POST', '/requirement/{requirementId}/withdraw', 'approved', 'requirements/withdraw-requirement', 'owner', FOR_BROKER);
export const renewRequirement = r('renewRequirement', 'POST', '/requirement/{requirementId}/renew', 'approved', 'requirements/renew-requirement', 'owner', FOR_BROKER);
// A reminder's signed one-click renew link: reading it changes nothing (link scanners); its button posts.
export const getRenewLink = r('getRenewLink', 'GET', '/renew/link', 'public', 'requirements/get-renew-link');
export const useRenewLink = r('useRenewLink', 'POST', '/renew/link', 'public', 'requirements/use-renew-link');
export const countActiveRequirements = r('countActiveRequirements', 'GET', '/requirement_count', 'user', 'requirements/count-active-requirements');
// listings (spec 02 §7)
export const listListings = r('listListings', 'GET', '/listings', 'user', 'listings/list-listings');
export const listMyListings = r('listMyListings', 'GET', '/listings/user/{userId}', 'user', 'listings/list-my-listings', 'self', FOR_BROKER);
export const countRecentListings = r('countRecentListings', 'GET', '/listings/recent-published-count', 'user', 'listings/count-recent-listings');
export const getListing = r('getListing', 'GET', '/listing/{listingId}', 'user', 'listings/get-listing', 'any', FOR_BROKER);
export const createListing = r('createListing', 'POST', '/listing', 'approved', 'listings/create-listing', 'any', FOR_BROKER);
export const updateListing = r('updateListing', 'PUT', '/listing/{listingId}', 'approved', 'listings/update-listing', 'owner', FOR_BROKER);
export const deleteListing = r('deleteListing', 'DELETE', '/listing/{listingId}', 'user', 'listings/delete-listing', 'owner', FOR_BROKER);
// the owner renews a published or expired listing, or marks it sold or leased
export const renewListing = r('renewListing', 'POST', '/listing/{listingId}/renew', 'approved', 'listings/renew-listing', 'owner', FOR_BROKER);
export const changeListingPrice = r('changeListingPrice', 'PUT', '/listing/{listingId}/price', 'approved', 'listings/change-listing-price', 'owner', FOR_BROKER);
export const closeListing = r('closeListing', 'POST', '/listing/{listingId}/close', 'approved', 'listings/close-listing', 'owner', FOR_BROKER);
// The spec reads publish as a GET; a state change is a POST here (docs/DECISIONS.md).
export const publishListing = r('publishListing', 'POST', '/listing/publish/{listingId}', 'approved', 'listings/publish-listing', 'owner', FOR_BROKER);
// matching: a broker's matches, each requirement's and listing's, and their own decision on one
export const listMatches = r('listMatches', 'GET', '/matches', 'approved', 'matches/list-matches');
export const countMatches = r('countMatches', 'GET', '/match_count', 'approved', 'matches/count-matches');
export const listRequirementMatches = r('listRequirementMatches', 'GET', '/requirement/{requirementId}/matches', 'user', 'matches/list-requirement-matches', 'owner', FOR_BROKER);
export const listListingMatches = r('listListingMatches', 'GET', '/listing/{listingId}/matches', 'user', 'matches/list-listing-matches', 'owner', FOR_BROKER);
export const updateMatch = r('updateMatch', 'PUT', '/match/{requirementId}/{listingId}', 'approved', 'matches/update-match', 'owner');
// broker directory
export const listBrokers = r('listBrokers', 'GET', '/brokers', 'approved', 'brokers/list-brokers');
export const getBrokerPage = r('getBrokerPage', 'GET', '/broker/{userId}', 'approved', 'brokers/get-broker-page');
export const listContactLists = r('listContactLists', 'GET', '/lists', 'approved', 'brokers/list-contact-lists', 'any', FOR_BROKER);
export const createContactList = r('createContactList', 'POST', '/lists', 'approved', 'brokers/create-contact-list');
export const getContactList = r('getContactList', 'GET', '/list/{listId}', 'approved', 'brokers/get-contact-list', 'owner', FOR_BROKER);
export const updateContactList = r('updateContactList', 'PUT', '/list/{listId}', 'approved', 'brokers/update-contact-list', 'owner');
export const deleteContactList = r('deleteContactList', 'DELETE', '/list/{listId}', 'approved', 'brokers/delete-contact-list', 'owner');
export const exportContactList = r('exportContactList', 'POST', '/list/{listId}/export', 'approved', 'brokers/export-contact-list', 'owner', 'export');
export const updateDirectoryPrivacy = r('updateDirectoryPrivacy', 'POST', '/user/privacy/{userId}', 'user', 'users/update-directory-privacy', 'self');
// saved searches and notification preferences; the delivery reads them
export const listSavedSearches = r('listSavedSearches', 'GET', '/searches', 'approved', 'saved-searches/list-saved-searches');
export const createSavedSearch = r('createSavedSearch', 'POST', '/searches', 'approved', 'saved-searches/create-saved-search');
export const updateSavedSearch = r('updateSavedSearch', 'PUT', '/search/{savedSearchId}', 'approved', 'saved-searches/update-saved-search', 'owner');
export const deleteSavedSearch = r('deleteSavedSearch', 'DELETE', '/search/{savedSearchId}', 'approved', 'saved-searches/delete-saved-search', 'owner');
export const updateNotificationPreferences = r('updateNotificationPreferences', 'POST', '/user/notifications/{userId}', 'user', 'users/update-notification-preferences', 'self');
// delegates: the caller's delegations both ways, a request to assist a broker (named by e-mail),
// and either side's decision on one (the broker confirms, declines, revokes, allows exports; the delegate steps down)
export const listDelegations = r('listDelegations', 'GET', '/delegations', 'user', 'delegations/list-delegations');
export const requestDelegation = r('requestDelegation', 'POST', '/delegations', 'user', 'delegations/request-delegation');
export const updateDelegation = r('updateDelegation', 'PUT', '/delegation/{brokerId}/{delegateId}', 'user', 'delegations/update-delegation', 'owner');
// market intelligence: demand against supply by area, property type and deal type
export const getMarket = r('getMarket', 'GET', '/market', 'approved', 'market/get-market');
// operators (PRODUCT.md "Accounts and approval")
export const adminListUsers = r('adminListUsers', 'GET', '/admin/users', 'operator', 'admin/list-users');
export const adminApproveUser = r('adminApproveUser', 'POST', '/admin/users/{userId}/approve', 'operator', 'admin/approve-user');
export const adminDisableUser = r('adminDisableUser', 'POST', '/admin/users/{userId}/disable', 'operator', 'admin/disable-user');
export const adminEnableUser = r('adminEnableUser', 'POST', '/admin/users/{userId}/enable', 'operator', 'admin/enable-user');
export const adminDeleteListing = r('adminDeleteListing', 'DELETE', '/admin/listing/{listingId}', 'operator', 'admin/delete-listing');
export const adminListExports = r('adminListExports', 'GET', '/admin/exports', 'operator', 'admin/list-exports');
export const adminListAudit = r('adminListAudit', 'GET', '/admin/audit', 'operator', 'admin/list-audit');
export const adminListDelegations = r('adminListDelegations', 'GET', '/admin/delegations', 'operator', 'delegations/admin-list-delegations');
export const adminDeleteRequirement = r('adminDeleteRequirement', 'DELETE', '/admin/requirement/{requirementId}', 'operator', 'admin/delete-requirement');

/** Every route, in table order. */
export const routes = [
  getUserByCognitoId,
  createUser,
  getCreationQuota,
  setActiveStatus,
  updateSubscriptions,
  updatePersonalInfo,
  updateBrokerInfo,
  resumeMail,
  presignProfileImage,
  finaliseProfileImage,
  presignBrokerImage,
  finaliseBrokerImage,
  presignListingImage,
  finaliseListingImage,
  deleteListingImage,
  presignListingBrochure,
  setListingBrochure,
  unsubscribe,
  unsubscribeOneClick,
  getUnsubscribeLink,
  updateUnsubscribeLink,
  listRequirements,
  listMyRequirements,
  getRequirement,
  createRequirement,
  updateRequirement,
  fillRequirement,
  withdrawRequirement,
  renewRequirement,
  getRenewLink,
  useRenewLink,
  countActiveRequirements,
  listListings,
  listMyListings,
  countRecentListings,
  getListing,
  createListing,
  updateListing,
  deleteListing,
  publishListing,
  renewListing,
  changeListingPrice,
  closeListing,
  listMatches,
  countMatches,
  listRequirementMatches,
  listListingMatches,
  updateMatch,
  listBrokers,
  getBrokerPage,
  listContactLists,
  createContactList,
  getContactList,
  updateContactList,
  deleteContactList,
  exportContactList,
  updateDirectoryPrivacy,
  listSavedSearches,
  createSavedSearch,
  updateSavedSearch,
  deleteSavedSearch,
  updateNotificationPreferences,
  listDelegations,
  requestDelegation,
  updateDelegation,
  getMarket,
  adminListUsers,
  adminApproveUser,
  adminDisableUser,
  adminEnableUser,
  adminDeleteListing,
  adminDeleteRequirement,
  adminListExports,
  adminListAudit,
  adminListDelegations,
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof routes)[number]['id'];

/** The routes keyed by id. (A side-effect-free call, so bundles that don't use it drop it and the table.) */
export const routeById = indexById(routes);

// @__NO_SIDE_EFFECTS__
function indexById<const T extends readonly RouteDef[]>(list: T): { readonly [K in T[number]['id']]: Extract<T[number], { id: K }> } {
  return Object.fromEntries(list.map((route) => [route.id, route])) as { readonly [K in T[number]['id']]: Extract<T[number], { id: K }> };
}

/** Fills `{param}` segments, encoding each value. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * Background jobs (EventBridge Scheduler in the cloud, the in-process scheduler locally). `enqueues` names the
 * queue a job puts work on (queueFunctions): its function may send to that queue and is told its URL.
 */
export const jobs = [
  { id: 'blast', entry: 'lambdas/jobs/blast.ts', cron: '0 9 ? * MON-FRI *', timeZone: 'America/New_York', enqueues: 'delivery' },
  { id: 'broadcastRequirements', entry: 'lambdas/jobs/broadcast-requirements.ts', rate: '1 minute', enqueues: 'delivery' },
  { id: 'expireListings', entry: 'lambdas/jobs/expire-listings.ts', cron: '30 3 * * ? *', timeZone: 'America/New_York' },
  // Expiry reminders to owners, at a civil hour of the market's day.
  { id: 'sendReminders', entry: 'lambdas/jobs/send-reminders.ts', cron: '0 8 * * ? *', timeZone: 'America/Los_Angeles' },
  // Checks the day's blast an hour after it is due: its metric drives the "blast not finished" alarm.
  { id: 'blastWatchdog', entry: 'lambdas/jobs/blast-watchdog.ts', cron: '0 10 ? * MON-FRI *', timeZone: 'America/New_York' },
  // Mails each broker their new strong matches, at most one notice an hour.
  { id: 'matchNotices', entry: 'lambdas/jobs/match-notices.ts', rate: '5 minutes' },
  // Nightly: recounts the Market page's aggregates, repairs and logs drift, freezes the week's trend point.
  { id: 'reconcileMarket', entry: 'lambdas/jobs/reconcile-market.ts', cron: '15 2 * * ? *', timeZone: 'America/Los_Angeles' },
  // Instant saved-search alerts: each search's new hits within minutes, at most one mail an hour.
  { id: 'searchAlerts', entry: 'lambdas/jobs/search-alerts.ts', rate: '1 minute', enqueues: 'delivery' },
  // Daily: pauses saved searches that matched nothing for 90 days or whose mails nobody read for 30, one mail each.
  { id: 'pauseSavedSearches', entry: 'lambdas/jobs/pause-saved-searches.ts', cron: '30 6 * * ? *', timeZone: 'America/Los_Angeles' },
  // Run by hand, never scheduled: recomputes every match (`npm run job -- rematch`; in the cloud, invoke it).
  { id: 'rematch', entry: 'lambdas/jobs/rematch.ts', manual: true },
] as const;

export type JobId = (typeof jobs)[number]['id'];
export type ScheduledJob = Exclude<(typeof jobs)[number], { manual: true }>;
/** The jobs a schedule runs (all but the ones run by hand). */
export const scheduledJobs = jobs.filter((job): job is ScheduledJob => !('manual' in job));

/**
 * Functions driven by another AWS service's events: an EventBridge rule in the cloud, lib/local/events.ts
 * locally. cognitoConsoleSync applies what an operator does to a user in the Cognito console (CloudTrail
 * records each of these calls) to the user's record, as the operator page would.
 */
export const eventFunctions = [
  {
    id: 'cognitoConsoleSync',
    entry: 'lambdas/events/cognito-console-sync.ts',
    source: 'aws.cognito-idp',
    eventNames: ['AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'AdminDisableUser', 'AdminEnableUser', 'AdminDeleteUser'],
  },
  // SES's bounce and complaint events of the configuration set every mail goes through (EventBridge), and its
  // open and click events: a saved search's mails read.
  {
    id: 'mailFeedback',
    entry: 'lambdas/events/mail-feedback.ts',
    source: 'aws.ses',
    detailTypes: ['Email Bounced', 'Email Complaint Received', 'Email Opened', 'Email Clicked'],
  },
] as const;

/**
 * Functions fed by a queue (SQS event source with partial batch failures; locally lib/local/queue-poller.ts
 * feeds them the same way). `batchSize` messages per invocation, at most `maxConcurrency` invocations at
 * once: the delivery worker paces its sends to its share of SES's rate (lambdas/domain/delivery/pacing.ts).
 */
export const queueFunctions = [
  { id: 'deliveryWorker', entry: 'lambdas/queues/delivery.ts', queue: 'delivery', batchSize: 5, maxConcurrency: 2 },
] as const;
export type QueueFunctionId = (typeof queueFunctions)[number]['id'];

/**
 * Functions fed by the table's change stream (DynamoDB Streams event source: batch item failures reported, a
 * failing batch bisected, `retryAttempts` retries, then the record to a failure queue; locally
 * lib/local/stream-poller.ts feeds them the same way). Every derived record is written here.
 */
export const streamFunctions = [{ id: 'projector', entry: 'lambdas/streams/projector.ts', batchSize: 100, retryAttempts: 10 }] as const;
export type StreamFunctionId = (typeof streamFunctions)[number]['id'];

/** Cognito group meaning "approved": adding a user to it in the console approves the account. */
export const approvedGroupName = 'approved';

export type EventFunctionId = (typeof eventFunctions)[number]['id'];
/** A Cognito admin call the console sync acts on. */
export type CognitoConsoleEventName = (typeof eventFunctions)[0]['eventNames'][number];

/**
 * The admin Lambdas, invoked directly by `npm run admin -- … --stage <stage>` (bin/admin.ts): one per
 * family of operator commands, so each carries, and may call, only the services its commands need.
 */
export const adminFunctions = [
  { id: 'adminList', entry: 'lambdas/admin/list.ts', actions: ['list', 'delegates', 'audit'] },
  { id: 'adminApprove', entry: 'lambdas/admin/approve.ts', actions: ['approve'] },
  { id: 'adminAccess', entry: 'lambdas/admin/access.ts', actions: ['disable', 'enable'] },
  { id: 'adminRemove', entry: 'lambdas/admin/remove.ts', actions: ['remove-listing', 'remove-requirement'] },
] as const;

export type AdminFunction = (typeof adminFunctions)[number];
export type AdminFunctionId = AdminFunction['id'];
export type AdminAction = AdminFunction['actions'][number];

export const adminFunctionById = /* @__PURE__ */ Object.fromEntries(adminFunctions.map((fn) => [fn.id, fn])) as {
  readonly [F in AdminFunction as F['id']]: F;
};

/** The jobs stack's output naming an admin function, which `npm run admin -- --stage` looks up. */
export const adminOutputKey = (fn: AdminFunction) => `${fn.id[0]!.toUpperCase()}${fn.id.slice(1)}FunctionName`;

/** The admin function that runs `action`. */
export function adminFunctionFor(action: AdminAction): AdminFunction {
  return adminFunctions.find((fn) => (fn.actions as readonly string[]).includes(action))!;
}
