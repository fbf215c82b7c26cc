import { contract } from '../../shared/api/contract';
import type { AdminFunctionId, EventFunctionId, JobId, QueueFunctionId, RouteDef, RouteId, StreamFunctionId } from '../../shared/api/routes';

/**
 * Sizing and permissions of every Lambda function, as data. lib/stacks/api-stack.ts and
 * lib/stacks/jobs-stack.ts read it; lib/constructs/bisn-function.ts turns capabilities into IAM
 * statements on the exact resources (no AWS managed policies, no action wildcards).
 */

/** What a function may do. Each maps to a handful of IAM actions on one resource. */
export type Capability =
  | 'table:read' // GetItem, BatchGetItem, Query on the table and its GSIs
  | 'table:write' // + PutItem, UpdateItem, DeleteItem, BatchWriteItem
  | 'images:read' // GetObject (+ ListBucket so a missing key is a 404, not a 403)
  | 'images:write' // PutObject (also what a presigned POST is signed for), DeleteObject
  | 'mail:send' // ses:SendEmail / SendRawEmail from the stage's identity
  | 'mail:unsuppress' // ses:DeleteSuppressedDestination: an address off the account's suppression list
  | 'unsubscribe-key:read' // the HMAC key of one-click unsubscribe links (Secrets Manager)
  | 'users:read' // cognito-idp:AdminGetUser (sign-up proof)
  | 'users:admin' // + disable, enable, global sign-out
  | 'users:groups' // cognito-idp:AdminGetUser, AdminListGroupsForUser (the console sync reads what is true now)
  | 'geo:search'; // geo:SearchPlaceIndexForText (listing addresses)

export interface FunctionProfile {
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  /** Lambda's own retries of a failed asynchronous invocation (scheduled jobs); default 2. */
  readonly asyncRetries?: number;
}

/**
 * HTTP handlers: 512 MB buys a faster CPU share for the cold start of a bundled handler; API Gateway
 * gives up after 30 s anyway, a handler that needs more than 10 s is a bug.
 */
export const httpProfile: FunctionProfile = { memoryMb: 512, timeoutSeconds: 10 };

/** Handlers that decode and resize images with sharp. */
export const imageProcessingProfile: FunctionProfile = { memoryMb: 1024, timeoutSeconds: 30 };
export const imageProcessingRoutes: readonly RouteId[] = ['finaliseProfileImage', 'finaliseBrokerImage', 'finaliseListingImage'];

export const jobProfiles: Record<JobId | AdminFunctionId | EventFunctionId | QueueFunctionId | StreamFunctionId, FunctionProfile> = {
  // A batch of 100 changes: each item's index, matches and market claim, then the batch's cards and cells.
  projector: { memoryMb: 512, timeoutSeconds: 60 },
  // The blast's planner: claims the day's listings and enqueues every broker's digest in batches.
  blast: { memoryMb: 512, timeoutSeconds: 15 * 60 },
  // A few batches of digests, paced to its share of SES's rate; the queue's visibility timeout is six times this.
  deliveryWorker: { memoryMb: 256, timeoutSeconds: 2 * 60 },
  // Runs every minute: a failed run is simply picked up by the next one, so no retries (and no overlap).
  broadcastRequirements: { memoryMb: 512, timeoutSeconds: 50, asyncRetries: 0 },
  expireListings: { memoryMb: 512, timeoutSeconds: 5 * 60 },
  // A day's reminders: one mail per item expiring soon.
  sendReminders: { memoryMb: 512, timeoutSeconds: 10 * 60 },
  // Two reads and one metric.
  blastWatchdog: { memoryMb: 256, timeoutSeconds: 60 },
  // Runs every 5 minutes: a failed run's unsent notices wait for the next one, so no retries (and no overlap).
  matchNotices: { memoryMb: 512, timeoutSeconds: 4 * 60, asyncRetries: 0 },
  // Runs every minute: a failed run's hits wait for the next one, so no retries (and no overlap).
  searchAlerts: { memoryMb: 512, timeoutSeconds: 50, asyncRetries: 0 },
  // Once a day, every mailing saved search (page by page) and one mail per search it pauses; a crashed run's work is resumed by the next.
  pauseSavedSearches: { memoryMb: 512, timeoutSeconds: 10 * 60, asyncRetries: 0 },
  // Reads every active item once (streamed page by page: memory stays flat) and rewrites the cells that drifted.
  reconcileMarket: { memoryMb: 1024, timeoutSeconds: 15 * 60 },
  // Every published listing against the active requirements, once, by hand.
  rematch: { memoryMb: 1024, timeoutSeconds: 15 * 60, asyncRetries: 0 },
  // Operator commands, invoked synchronously by `npm run admin`: one account or one contribution each,
  // except `list`, which reads a whole status.
  adminList: { memoryMb: 512, timeoutSeconds: 60 },
  adminApprove: { memoryMb: 512, timeoutSeconds: 30 },
  adminAccess: { memoryMb: 512, timeoutSeconds: 30 },
  adminRemove: { memoryMb: 512, timeoutSeconds: 60 },
  // One user per event; EventBridge retries a failed delivery, so Lambda need not.
  cognitoConsoleSync: { memoryMb: 512, timeoutSeconds: 30, asyncRetries: 0 },
  // One conditional update per address of the event; EventBridge redelivers a failure.
  mailFeedback: { memoryMb: 256, timeoutSeconds: 30, asyncRetries: 0 },
};

/** Route area = the folder of its entry: lambdas/http/<area>/<name>.ts. */
export type RouteArea = 'users' | 'images' | 'unsubscribe' | 'requirements' | 'listings' | 'matches' | 'brokers' | 'saved-searches' | 'delegations' | 'market' | 'admin';

const areaCapabilities: Record<RouteArea, readonly Capability[]> = {
  users: ['users:read'],
  images: ['images:read', 'images:write'],
  unsubscribe: ['unsubscribe-key:read'],
  requirements: [],
  listings: [],
  matches: [],
  brokers: [],
  'saved-searches': [],
  delegations: [],
  market: [],
  admin: [],
};

/** Beyond the area's: what single routes need. */
const routeCapabilities: Partial<Record<RouteId, readonly Capability[]>> = {
  createListing: ['geo:search'],
  updateListing: ['geo:search'],
  // Deleting a listing deletes its images.
  deleteListing: ['images:write'],
  adminDeleteListing: ['images:write'],
  // The unsubscribe form mails the address its signed link.
  unsubscribe: ['mail:send'],
  // A new delegation request e-mails the broker (from the profile, or carried by a delegate's sign-up).
  requestDelegation: ['mail:send'],
  createUser: ['mail:send'],
  // Approval sends the approval e-mail; disabling and enabling also act on the Cognito user.
  adminApproveUser: ['mail:send'],
  adminDisableUser: ['users:admin'],
  adminEnableUser: ['users:admin'],
  // The renew link is signed with a key derived from the link secret (lambdas/domain/renew-links.ts).
  getRenewLink: ['unsubscribe-key:read'],
  useRenewLink: ['unsubscribe-key:read'],
  // Resuming a broker's mail takes their address off SES's suppression list (lambdas/domain/mail/suppression.ts).
  resumeMail: ['mail:unsuppress'],
};

export const jobCapabilities: Record<JobId | AdminFunctionId | EventFunctionId | QueueFunctionId | StreamFunctionId, readonly Capability[]> = {
  // + reads of the table's stream (its event source)
  projector: ['table:write'],
  // + sqs:SendMessage on the delivery queue (lib/stacks/jobs-stack.ts)
  blast: ['table:write'],
  // + receive/delete on the delivery queue (its event source), send (the run's publishing), ses:GetAccount
  deliveryWorker: ['table:write', 'mail:send', 'unsubscribe-key:read'],
  // + sqs:SendMessage on the delivery queue: it plans, the delivery worker mails.
  broadcastRequirements: ['table:write'],
  expireListings: ['table:write', 'images:write'],
  // Reminders carry a renew link signed with a key derived from the link secret.
  sendReminders: ['table:write', 'mail:send', 'unsubscribe-key:read'],
  blastWatchdog: ['table:read'],
  matchNotices: ['table:write', 'mail:send', 'unsubscribe-key:read'],
  // + sqs:SendMessage on the delivery queue: it records hits and enqueues the searches due, the worker mails.
  searchAlerts: ['table:write'],
  // It mails with the saved search's own unsubscribe link.
  pauseSavedSearches: ['table:write', 'mail:send', 'unsubscribe-key:read'],
  rematch: ['table:write'],
  reconcileMarket: ['table:write'],
  // As the operator routes of the same commands have them.
  adminList: ['table:read'],
  adminApprove: ['table:write', 'mail:send'],
  adminAccess: ['table:write', 'users:admin'],
  adminRemove: ['table:write', 'images:write'],
  // Approving sends the approval e-mail, as adminApprove does; a deleted account's listings lose their photos.
  cognitoConsoleSync: ['table:write', 'mail:send', 'users:groups', 'images:write'],
  mailFeedback: ['table:write'],
};

/**
 * The routes of the second Api stack: areas added after the first stack neared CloudFormation's 500
 * resources (seven a route). Existing routes never move between stacks (a route key cannot exist in two
 * stacks while a deploy moves it); a new area goes here, and a third stack comes when this one fills.
 */
export const secondApiAreas: readonly RouteArea[] = ['delegations'];

/** The routes each Api stack holds: [the first stack's, the second's]. */
export function apiStackRoutes<R extends RouteDef>(all: readonly R[]): [R[], R[]] {
  const second = (route: RouteDef) => secondApiAreas.includes(routeArea(route));
  return [all.filter((route) => !second(route)), all.filter(second)];
}

export function routeArea(route: RouteDef): RouteArea {
  const area = /^lambdas\/http\/([^/]+)\//.exec(route.entry)?.[1];
  if (!area || !(area in areaCapabilities)) {
    throw new Error(`Route ${route.id}: entry ${route.entry} is not under lambdas/http/<area>/ with a known area (${Object.keys(areaCapabilities).join(', ')})`);
  }
  return area as RouteArea;
}

/** A paged route signs and checks its cursors with a key derived from the link secret (lambdas/core/cursors.ts). */
const takesCursor = (route: RouteDef) => {
  const def = contract[route.id as RouteId].query._zod.def;
  return 'shape' in def && 'cursor' in def.shape;
};

/** Reads need only table:read; every other method writes. */
export function routeCapabilitiesOf(route: RouteDef): Capability[] {
  const table: Capability = route.method === 'GET' ? 'table:read' : 'table:write';
  const paging: Capability[] = takesCursor(route) ? ['unsubscribe-key:read'] : [];
  return [...new Set([table, ...areaCapabilities[routeArea(route)], ...(routeCapabilities[route.id as RouteId] ?? []), ...paging])];
}

export function routeProfileOf(route: RouteDef): FunctionProfile {
  return imageProcessingRoutes.includes(route.id as RouteId) ? imageProcessingProfile : httpProfile;
}
