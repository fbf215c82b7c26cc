import * as z from '../zod';
import type { RouteId } from './routes';
import * as s from './schemas';

const none = z.strictObject({});
const ok = z.object({ ok: z.literal(true) });

interface Endpoint {
  params: z.ZodMiniType;
  query: z.ZodMiniType;
  body: z.ZodMiniType;
  response: z.ZodMiniType;
}

const e = <P extends z.ZodMiniType = typeof none, Q extends z.ZodMiniType = typeof none, B extends z.ZodMiniType = typeof none, R extends z.ZodMiniType = typeof ok>(
  parts: { params?: P; query?: Q; body?: B; response?: R },
) =>
  ({
    params: (parts.params ?? none) as P,
    query: (parts.query ?? none) as Q,
    body: (parts.body ?? none) as B,
    response: (parts.response ?? ok) as R,
  }) satisfies Endpoint;

/** Request and response schemas of every route in routes.ts: handlers parse with them, the web client types from them. */
export const contract = {
  getUserByCognitoId: e({ params: s.cognitoIdParams, response: s.userResponse }),
  createUser: e({ body: s.createUserRequest, response: s.userResponse }),
  setActiveStatus: e({ params: s.userIdParams, response: s.userResponse }),
  updateSubscriptions: e({ params: s.userIdParams, body: s.subscriptionsRequest, response: s.userResponse }),
  updatePersonalInfo: e({ params: s.userIdParams, body: s.personalInfoRequest, response: s.userResponse }),
  updateBrokerInfo: e({ params: s.userIdParams, body: s.brokerInfoRequest, response: s.userResponse }),

  presignProfileImage: e({ params: s.userIdParams, body: s.presignRequest, response: s.presignResponse }),
  finaliseProfileImage: e({ params: s.userIdParams, body: s.finaliseRequest, response: s.userResponse }),
  presignBrokerImage: e({ params: s.userIdParams, body: s.presignRequest, response: s.presignResponse }),
  finaliseBrokerImage: e({ params: s.userIdParams, body: s.finaliseRequest, response: s.userResponse }),
  presignListingImage: e({ params: s.listingIdParams, body: s.presignRequest, response: s.presignResponse }),
  finaliseListingImage: e({ params: s.listingIdParams, body: s.finaliseRequest, response: s.listingImagesResponse }),
  deleteListingImage: e({ params: s.listingImageParams, response: s.listingImagesResponse }),

  unsubscribe: e({ body: s.unsubscribeRequest, response: s.unsubscribeResponse }),
  unsubscribeOneClick: e({ query: s.oneClickUnsubscribeQuery, body: z.unknown(), response: s.unsubscribeResponse }),

  listRequirements: e({ query: s.listRequirementsQuery, response: s.requirementPage }),
  listMyRequirements: e({ params: s.userIdParams, query: s.myRequirementsQuery, response: s.myRequirementsResponse }),
  getRequirement: e({ params: s.requirementIdParams, response: s.requirementResponse }),
  createRequirement: e({ body: s.createRequirementRequest, response: s.requirementResponse }),
  countActiveRequirements: e({ response: s.countResponse }),

  listListings: e({ query: s.listListingsQuery, response: s.listingPage }),
  listMyListings: e({ params: s.userIdParams, response: s.myListingsResponse }),
  countRecentListings: e({ response: s.countResponse }),
  getListing: e({ params: s.listingIdParams, response: s.listingResponse }),
  createListing: e({ response: s.createListingResponse }),
  updateListing: e({ params: s.listingIdParams, body: s.listingDraft, response: s.listingResponse }),
  deleteListing: e({ params: s.listingIdParams }),
  publishListing: e({ params: s.listingIdParams, response: s.listingResponse }),

  adminListUsers: e({ query: s.adminUsersQuery, response: s.adminUsersResponse }),
  adminApproveUser: e({ params: s.userIdParams, response: s.userResponse }),
  adminDisableUser: e({ params: s.userIdParams, response: s.userResponse }),
  adminEnableUser: e({ params: s.userIdParams, response: s.userResponse }),
  adminDeleteListing: e({ params: s.listingIdParams }),
  adminDeleteRequirement: e({ params: s.requirementIdParams }),
} satisfies Record<RouteId, Endpoint>;

export type Contract = typeof contract;
export type RequestBody<K extends RouteId> = z.input<Contract[K]['body']>;
export type RequestQuery<K extends RouteId> = z.input<Contract[K]['query']>;
export type RequestParams<K extends RouteId> = z.input<Contract[K]['params']>;
export type ResponseBody<K extends RouteId> = z.infer<Contract[K]['response']>;
