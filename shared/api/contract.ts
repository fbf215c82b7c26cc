import * as z from '../zod';
import * as route from './routes';
import type { RouteDef, RouteId } from './routes';
import * as s from './schemas';

const none = z.strictObject({});
const ok = z.object({ ok: z.literal(true) });

/** What the API knows of route K: its row of the route table and its request and response schemas. */
export interface Endpoint<K extends RouteId = RouteId> {
  readonly route: (typeof route.routeById)[K];
  readonly params: z.ZodMiniType;
  readonly query: z.ZodMiniType;
  readonly body: z.ZodMiniType;
  readonly response: z.ZodMiniType;
}

/**
 * Absent parts accept nothing (an empty object), an absent response is `{ ok: true }`; their static type
 * stays the bare schema type, as the web client's optional arguments expect. No side effects, so a
 * bundle drops the endpoints it does not use.
 */
// @__NO_SIDE_EFFECTS__
function e<
  const R extends RouteDef,
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  Res extends z.ZodMiniType = z.ZodMiniType,
>(routeDef: R, parts: { params?: P; query?: Q; body?: B; response?: Res }) {
  return {
    route: routeDef,
    params: (parts.params ?? none) as P,
    query: (parts.query ?? none) as Q,
    body: (parts.body ?? none) as B,
    response: (parts.response ?? ok) as Res,
  };
}

/**
 * Request and response schemas of every route in routes.ts, one const per route named by its id: handlers
 * parse with them (lambdas/core/http.ts takes the route's own endpoint, so its bundle holds that route's
 * schemas only), the web client types from them.
 */
export const getUserByCognitoId = e(route.getUserByCognitoId, { params: s.cognitoIdParams, response: s.userResponse });
export const createUser = e(route.createUser, { body: s.createUserRequest, response: s.userResponse });
export const getCreationQuota = e(route.getCreationQuota, { params: s.userIdParams, response: s.creationQuotaResponse });
export const setActiveStatus = e(route.setActiveStatus, { params: s.userIdParams, response: s.userResponse });
export const updateSubscriptions = e(route.updateSubscriptions, { params: s.userIdParams, body: s.subscriptionsSave, response: s.userResponse });
export const resumeMail = e(route.resumeMail, { params: s.userIdParams, response: s.userResponse });
export const updatePersonalInfo = e(route.updatePersonalInfo, { params: s.userIdParams, body: s.personalInfoSave, response: s.userResponse });
export const updateBrokerInfo = e(route.updateBrokerInfo, { params: s.userIdParams, body: s.brokerInfoSave, response: s.userResponse });

export const presignProfileImage = e(route.presignProfileImage, { params: s.userIdParams, body: s.presignRequest, response: s.presignResponse });
export const finaliseProfileImage = e(route.finaliseProfileImage, { params: s.userIdParams, body: s.finaliseRequest, response: s.userResponse });
export const presignBrokerImage = e(route.presignBrokerImage, { params: s.userIdParams, body: s.presignRequest, response: s.presignResponse });
export const finaliseBrokerImage = e(route.finaliseBrokerImage, { params: s.userIdParams, body: s.finaliseRequest, response: s.userResponse });
export const presignListingImage = e(route.presignListingImage, { params: s.listingIdParams, body: s.presignRequest, response: s.presignResponse });
export const finaliseListingImage = e(route.finaliseListingImage, { params: s.listingIdParams, body: s.finaliseRequest, response: s.listingImagesResponse });
export const deleteListingImage = e(route.deleteListingImage, { params: s.listingImageParams, response: s.listingImagesResponse });
export const presignListingBrochure = e(route.presignListingBrochure, { params: s.listingIdParams, body: s.presignBrochureRequest, response: s.presignResponse });
export const setListingBrochure = e(route.setListingBrochure, { params: s.listingIdParams, body: s.setBrochureRequest, response: s.listingResponse });

export const unsubscribe = e(route.unsubscribe, { body: s.unsubscribeRequest, response: s.unsubscribeResponse });
export const unsubscribeOneClick = e(route.unsubscribeOneClick, { query: s.oneClickUnsubscribeQuery, body: z.unknown(), response: s.unsubscribeResponse });
export const getUnsubscribeLink = e(route.getUnsubscribeLink, { query: s.oneClickUnsubscribeQuery, response: s.unsubscribeLinkResponse });
export const updateUnsubscribeLink = e(route.updateUnsubscribeLink, { query: s.oneClickUnsubscribeQuery, body: s.unsubscribeLinkRequest, response: s.unsubscribeLinkResponse });

export const listRequirements = e(route.listRequirements, { query: s.listRequirementsQuery, response: s.requirementPage });
export const listMyRequirements = e(route.listMyRequirements, { params: s.userIdParams, query: s.myRequirementsQuery, response: s.myRequirementsResponse });
export const getRequirement = e(route.getRequirement, { params: s.requirementIdParams, response: s.requirementResponse });
export const createRequirement = e(route.createRequirement, { body: s.createRequirementRequest, response: s.requirementResponse });
export const updateRequirement = e(route.updateRequirement, { params: s.requirementIdParams, body: s.updateRequirementRequest, response: s.requirementResponse });
export const fillRequirement = e(route.fillRequirement, { params: s.requirementIdParams, body: s.fillRequirementRequest, response: s.requirementResponse });
export const withdrawRequirement = e(route.withdrawRequirement, { params: s.requirementIdParams, response: s.requirementResponse });
export const renewRequirement = e(route.renewRequirement, { params: s.requirementIdParams, response: s.requirementResponse });
export const getRenewLink = e(route.getRenewLink, { query: s.renewLinkQuery, response: s.renewLinkResponse });
export const useRenewLink = e(route.useRenewLink, { query: s.renewLinkQuery, response: s.renewLinkResponse });
export const countActiveRequirements = e(route.countActiveRequirements, { response: s.countResponse });

export const listListings = e(route.listListings, { query: s.listListingsQuery, response: s.listingPage });
export const listMyListings = e(route.listMyListings, { params: s.userIdParams, response: s.myListingsResponse });
export const countRecentListings = e(route.countRecentListings, { response: s.countResponse });
export const getListing = e(route.getListing, { params: s.listingIdParams, response: s.listingResponse });
export const createListing = e(route.createListing, { response: s.createListingResponse });
export const updateListing = e(route.updateListing, { params: s.listingIdParams, body: s.saveListingRequest, response: s.listingResponse });
export const deleteListing = e(route.deleteListing, { params: s.listingIdParams });
export const publishListing = e(route.publishListing, { params: s.listingIdParams, response: s.listingResponse });

export const renewListing = e(route.renewListing, { params: s.listingIdParams, response: s.listingResponse });
export const changeListingPrice = e(route.changeListingPrice, { params: s.listingIdParams, body: s.changeListingPriceRequest, response: s.listingResponse });
export const closeListing = e(route.closeListing, { params: s.listingIdParams, body: s.closeListingRequest, response: s.listingResponse });

export const listMatches = e(route.listMatches, { query: s.matchesQuery, response: s.matchesPage });
export const countMatches = e(route.countMatches, { response: s.matchCountResponse });
export const listRequirementMatches = e(route.listRequirementMatches, { params: s.requirementIdParams, response: s.matchesResponse });
export const listListingMatches = e(route.listListingMatches, { params: s.listingIdParams, response: s.matchesResponse });
export const updateMatch = e(route.updateMatch, { params: s.matchParams, body: s.updateMatchRequest, response: s.matchResponse });

export const listBrokers = e(route.listBrokers, { query: s.directoryQuery, response: s.directoryPage });
export const getBrokerPage = e(route.getBrokerPage, { params: s.userIdParams, response: s.brokerPage });
export const listContactLists = e(route.listContactLists, { response: s.contactListsResponse });
export const createContactList = e(route.createContactList, { body: s.createContactListRequest, response: s.contactListResponse });
export const getContactList = e(route.getContactList, { params: s.contactListParams, response: s.contactListBrokers });
export const updateContactList = e(route.updateContactList, { params: s.contactListParams, body: s.updateContactListRequest, response: s.contactListResponse });
export const deleteContactList = e(route.deleteContactList, { params: s.contactListParams });
export const exportContactList = e(route.exportContactList, { params: s.contactListParams, body: s.exportContactListRequest, response: s.exportFile });
export const getMarket = e(route.getMarket, { query: s.marketQuery, response: s.marketResponse });
export const updateDirectoryPrivacy = e(route.updateDirectoryPrivacy, { params: s.userIdParams, body: s.directoryPrivacySave, response: s.userResponse });

export const listSavedSearches = e(route.listSavedSearches, { response: s.savedSearchesResponse });
export const createSavedSearch = e(route.createSavedSearch, { body: s.createSavedSearchRequest, response: s.savedSearchResponse });
export const updateSavedSearch = e(route.updateSavedSearch, { params: s.savedSearchParams, body: s.updateSavedSearchRequest, response: s.savedSearchResponse });
export const deleteSavedSearch = e(route.deleteSavedSearch, { params: s.savedSearchParams });
export const updateNotificationPreferences = e(route.updateNotificationPreferences, { params: s.userIdParams, body: s.notificationPreferencesSave, response: s.userResponse });

export const listDelegations = e(route.listDelegations, { response: s.delegationsResponse });
export const requestDelegation = e(route.requestDelegation, { body: s.requestDelegationRequest, response: s.delegationResponse });
export const updateDelegation = e(route.updateDelegation, { params: s.delegationParams, body: s.updateDelegationRequest, response: s.delegationResponse });

export const adminListUsers = e(route.adminListUsers, { query: s.adminUsersQuery, response: s.adminUsersResponse });
export const adminApproveUser = e(route.adminApproveUser, { params: s.userIdParams, response: s.userResponse });
export const adminDisableUser = e(route.adminDisableUser, { params: s.userIdParams, response: s.userResponse });
export const adminEnableUser = e(route.adminEnableUser, { params: s.userIdParams, response: s.userResponse });
export const adminDeleteListing = e(route.adminDeleteListing, { params: s.listingIdParams });
export const adminDeleteRequirement = e(route.adminDeleteRequirement, { params: s.requirementIdParams });
export const adminListExports = e(route.adminListExports, { query: s.pageQuery, response: s.exportLogPage });
export const adminListAudit = e(route.adminListAudit, { query: s.auditLogQuery, response: s.auditLogPage });
export const adminListDelegations = e(route.adminListDelegations, { query: s.adminDelegationsQuery, response: s.adminDelegationsResponse });

/** Every route's endpoint by id (the web client, the tests). */
export const contract = {
  getUserByCognitoId,
  createUser,
  getCreationQuota,
  setActiveStatus,
  updateSubscriptions,
  resumeMail,
  updatePersonalInfo,
  updateBrokerInfo,
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
} satisfies { readonly [K in RouteId]: Endpoint<K> };

export type Contract = typeof contract;
export type RequestBody<K extends RouteId> = z.input<Contract[K]['body']>;
export type RequestQuery<K extends RouteId> = z.input<Contract[K]['query']>;
export type RequestParams<K extends RouteId> = z.input<Contract[K]['params']>;
export type ResponseBody<K extends RouteId> = z.infer<Contract[K]['response']>;
