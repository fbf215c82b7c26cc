import * as z from '../../zod';
import { idsOf, marketAreas } from '../../catalog';
import { allOr, idParam, pageOf, pageQuery, text } from './common';
import { listingSummary } from './listings';
import { propertyTypeId, requirementSummary, requirementTypeId } from './requirements';

/**
 * The broker directory: approved brokers who have not opted out, with what they work on. Its
 * market filter takes a submarket or a whole county (the shared market tree).
 */
export const directoryAreaId = z.enum(idsOf(marketAreas), { error: 'Unknown market.' });

export const directorySorts = ['activity', 'name'] as const;
export const directoryQuery = z.extend(pageQuery, {
  dealTypeId: allOr(requirementTypeId),
  propertyTypeId: allOr(propertyTypeId),
  marketId: allOr(directoryAreaId),
  /** "active in the last 90 days": a listing published or renewed, or a requirement sent or renewed. */
  recent: z._default(z.pipe(z.enum(['true', 'false']), z.transform((v) => v === 'true')), false),
  q: z.optional(text(100)),
  sort: z._default(z.enum(directorySorts), 'activity'),
});
export type DirectoryQuery = z.infer<typeof directoryQuery>;

const named = z.object({ id: z.string(), name: z.string() });

export const directoryBroker = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  /** Empty when the broker chose not to show it. */
  phone: z.string(),
  email: z.string(),
  photoUrl: z.nullable(z.string()),
  /** The firm; its street (address1) and "City, ST 12345" line (address2) when the broker gave them. */
  firm: z.nullable(z.object({ name: z.string(), logoUrl: z.nullable(z.string()), address1: z.optional(z.string()), address2: z.optional(z.string()) })),
  propertyTypes: z.array(named),
  markets: z.array(named),
  dealTypes: z.array(named),
  activeListings: z.number(),
  activeRequirements: z.number(),
  /** The last publication, send or renewal of one of their items; null for a broker with none. */
  lastActiveAt: z.nullable(z.string()),
  /** A delegate who chose to be listed: the brokers they assist, shown as "Assistant to …". */
  assistantTo: z.optional(z.array(z.string())),
});
export type DirectoryBroker = z.infer<typeof directoryBroker>;
export const directoryPage = pageOf(directoryBroker);
export type DirectoryPage = z.infer<typeof directoryPage>;

export const brokerPage = z.object({
  broker: directoryBroker,
  listings: z.array(listingSummary),
  requirements: z.array(requirementSummary),
});
export type BrokerPage = z.infer<typeof brokerPage>;

/** A saved list's filter: the directory's, without paging or order (the list stays current); `ALL` is no filter. */
export const contactListFilter = z.object({
  dealTypeId: allOr(requirementTypeId),
  propertyTypeId: allOr(propertyTypeId),
  marketId: allOr(directoryAreaId),
  recent: z._default(z.boolean(), false),
  q: z.optional(text(100)),
});
export type ContactListFilter = z.infer<typeof contactListFilter>;

/** Contact lists per broker. */
export const CONTACT_LISTS_MAX = 100;
/** A fixed list holds at most this many brokers, picked one by one. */
export const CONTACT_LIST_MAX_MEMBERS = 500;
/** An export or a list's page holds at most this many rows. */
export const CONTACT_LIST_MAX_ROWS = 5000;
/** Exports per broker per day. */
export const DAILY_EXPORT_LIMIT = 20;

const listName = z.string().check(z.trim(), z.minLength(1, 'Name the list.'), z.maxLength(100, 'Must be at most 100 characters'));
const memberIds = (max: number) => z.array(idParam).check(z.maxLength(max, `At most ${max} brokers at a time.`));

export const createContactListRequest = z
  .object({
    name: listName,
    filter: z.optional(contactListFilter),
    members: z.optional(memberIds(CONTACT_LIST_MAX_MEMBERS)),
  })
  .check(z.refine((list) => (list.filter === undefined) !== (list.members === undefined), 'A list is either a saved filter or brokers picked one by one.'));
export type CreateContactListRequest = z.infer<typeof createContactListRequest>;

export const updateContactListRequest = z.object({
  name: z.optional(listName),
  add: z.optional(memberIds(CONTACT_LIST_MAX_MEMBERS)),
  remove: z.optional(memberIds(CONTACT_LIST_MAX_MEMBERS)),
});
export type UpdateContactListRequest = z.infer<typeof updateContactListRequest>;

export const contactList = z.object({
  listId: z.string(),
  name: z.string(),
  kind: z.enum(['filter', 'fixed']),
  filter: z.nullable(contactListFilter),
  /** The brokers picked (a fixed list); null for a filter. */
  members: z.nullable(z.array(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactList = z.infer<typeof contactList>;
export const contactListResponse = z.object({ list: contactList });
export const contactListsResponse = z.object({ items: z.array(contactList) });

export const contactListParams = z.object({ listId: idParam });
export const contactListBrokers = z.object({ list: contactList, brokers: z.array(directoryBroker), total: z.number() });
export type ContactListBrokers = z.infer<typeof contactListBrokers>;

/** CSV (Outlook's column names), vCard 4.0 (RFC 6350) or vCard 3.0 (what Outlook for Windows imports). */
export const exportFormats = ['csv', 'vcard', 'vcard3'] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const exportContactListRequest = z.object({ format: z.enum(exportFormats, { error: 'Choose CSV, vCard 4.0 or vCard 3.0.' }) });
export const exportFile = z.object({ fileName: z.string(), contentType: z.string(), content: z.string(), rows: z.number() });
export type ExportFile = z.infer<typeof exportFile>;

/** Operators' log of exports: who, which list, how many rows. */
export const exportLogEntry = z.object({
  at: z.string(),
  userId: z.string(),
  userName: z.string(),
  listId: z.string(),
  listName: z.string(),
  format: z.enum(exportFormats),
  rows: z.number(),
});
export const exportLogPage = pageOf(exportLogEntry);
export type ExportLogPage = z.infer<typeof exportLogPage>;
