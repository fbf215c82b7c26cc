import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import {
  CONTACT_LIST_MAX_MEMBERS,
  CONTACT_LIST_MAX_ROWS,
  CONTACT_LISTS_MAX,
  DAILY_EXPORT_LIMIT,
  type ContactList,
  type ContactListBrokers,
  type CreateContactListRequest,
  type DirectoryBroker,
  type ExportFile,
  type ExportFormat,
  type ExportLogPage,
  type UpdateContactListRequest,
} from '../../shared/api';
import { directoryActiveSince, marketDay, safeCsvOptions, splitBrokerAddress2, vcard, type VcardProperty, type VcardVersion } from '../../shared/rules';
import { badRequest, conflict, notFound, tooManyRequests } from '../core/errors';
import type { Principal } from '../core/principal';
import { contactListsRepository, type ContactListRecord } from '../data/contact-lists';
import { creationQuotasRepository } from '../data/creation-quotas';
import { directoryRepository, nameSortKey } from '../data/directory';
import { nowIso } from '../data/table';
import type { UserRecord } from '../data/users';
import { withUrls } from './directory';

export const listNotFound = 'List not found';
export const exportLimitMessage = `You can export at most ${DAILY_EXPORT_LIMIT} lists a day. Try again tomorrow.`;
const tooManyMembers = `A list holds at most ${CONTACT_LIST_MAX_MEMBERS} brokers.`;
export const tooManyListsMessage = `You can keep at most ${CONTACT_LISTS_MAX} contact lists. Delete one to save another.`;

const toDto = (record: ContactListRecord): ContactList => ({
  listId: record.listId,
  name: record.name,
  kind: record.filter ? 'filter' : 'fixed',
  filter: record.filter,
  members: record.members,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

/** The caller's own list; anyone else's is 404, as if it did not exist. */
async function ownList(principal: Principal, listId: string): Promise<ContactListRecord> {
  const record = await contactListsRepository.get(principal.sub, listId);
  if (!record) throw notFound(listNotFound);
  return record;
}

/** At most CONTACT_LISTS_MAX lists per broker: a place is taken before the list is written, and given back if the write fails. */
export async function createContactList(principal: Principal, input: CreateContactListRequest): Promise<ContactList> {
  if (!(await contactListsRepository.claimPlace(principal.sub, CONTACT_LISTS_MAX))) throw badRequest(tooManyListsMessage);
  const now = nowIso();
  const record: ContactListRecord = {
    listId: randomUUID(),
    ownerId: principal.sub,
    name: input.name,
    filter: input.filter ?? null,
    members: input.members ? [...new Set(input.members)] : null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await contactListsRepository.put(record);
  } catch (error) {
    await contactListsRepository.releasePlace(principal.sub);
    throw error;
  }
  return toDto(record);
}

export async function listContactLists(principal: Principal): Promise<{ items: ContactList[] }> {
  const lists = await contactListsRepository.all(principal.sub);
  return { items: lists.sort((a, b) => a.name.localeCompare(b.name)).map(toDto) };
}

/** Attempts of one change against others made at the same moment before it gives up with a 409. */
const LIST_CHANGE_ATTEMPTS = 8;

/**
 * Renames a list, and adds or removes brokers of a fixed one. The change is applied to the list as stored
 * and written only if nobody changed it meanwhile; otherwise it is applied again to what they left, so
 * changes made at the same moment (two tabs, a broker and their delegate) all count.
 */
export async function updateContactList(principal: Principal, listId: string, input: UpdateContactListRequest): Promise<ContactList> {
  for (let attempt = 0; attempt < LIST_CHANGE_ATTEMPTS; attempt++) {
    const record = await ownList(principal, listId);
    if (!record.members && (input.add?.length || input.remove?.length)) {
      throw badRequest('This list is a saved filter: change the filter in the directory and save it as a new list.');
    }
    const members = record.members && new Set([...record.members, ...(input.add ?? [])]);
    for (const id of input.remove ?? []) members?.delete(id);
    if (members && members.size > CONTACT_LIST_MAX_MEMBERS) throw badRequest(tooManyMembers);
    const updated = { ...record, name: input.name ?? record.name, members: members && [...members], updatedAt: nowIso() };
    if (await contactListsRepository.replace(updated)) return toDto(updated);
  }
  throw conflict('This list is being changed elsewhere right now. Try again.');
}

export async function deleteContactList(principal: Principal, listId: string): Promise<void> {
  if (!(await contactListsRepository.delete(principal.sub, listId))) throw notFound(listNotFound);
  await contactListsRepository.releasePlace(principal.sub);
}

/**
 * The brokers a list holds now, by name, at most CONTACT_LIST_MAX_ROWS: a filter is read from the directory
 * (so it stays current), a fixed list's picks are looked up there (anyone since unlisted drops out).
 */
async function brokersOf(record: ContactListRecord, now: Date): Promise<DirectoryBroker[]> {
  if (record.members) {
    const cards = await directoryRepository.cards(record.members);
    return cards.sort((a, b) => nameSortKey(a).localeCompare(nameSortKey(b)));
  }
  const { recent, q, ...filter } = record.filter ?? { recent: false };
  const out: DirectoryBroker[] = [];
  let cursor: string | undefined;
  do {
    const page = await directoryRepository.page(filter, 'name', Math.min(1000, CONTACT_LIST_MAX_ROWS - out.length), {
      cursor,
      search: q,
      activeSince: recent ? directoryActiveSince(now) : undefined,
    });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && out.length < CONTACT_LIST_MAX_ROWS);
  // "Active in the last 90 days" reads the activity order: the list is shown by name all the same.
  return recent ? out.sort((a, b) => nameSortKey(a).localeCompare(nameSortKey(b))) : out;
}

/** A list's page: the list and its brokers (the first 500; `total` says how many it holds). */
export async function getContactList(principal: Principal, listId: string, now = new Date()): Promise<ContactListBrokers> {
  const record = await ownList(principal, listId);
  const brokers = await brokersOf(record, now);
  return { list: toDto(record), brokers: brokers.slice(0, CONTACT_LIST_MAX_MEMBERS).map(withUrls), total: brokers.length };
}

const names = (items: readonly { name: string }[]) => items.map((item) => item.name).join('; ');

/** The firm's address as its parts: street, then "City, ST 12345" split (shared/rules/broker-address). */
function addressOf(broker: DirectoryBroker) {
  const { city, state, zip } = splitBrokerAddress2(broker.firm?.address2);
  return { street: broker.firm?.address1 ?? '', city, state, zip };
}

const csvColumns = [
  'First Name',
  'Last Name',
  'Company',
  'Job Title',
  'E-mail Address',
  'Business Phone',
  'Business Street',
  'Business City',
  'Business State',
  'Business Postal Code',
  'Markets',
  'Property Types',
];

/**
 * RFC 4180 with Outlook's column names (CRLF, every text cell quoted and kept from running as a formula),
 * UTF-8 with a byte-order mark so spreadsheets read accents right.
 */
function toCsv(brokers: readonly DirectoryBroker[]): string {
  const rows = brokers.map((b) => {
    const address = addressOf(b);
    return [b.firstName, b.lastName, b.firm?.name ?? '', b.title, b.email, b.phone, address.street, address.city, address.state, address.zip, names(b.markets), names(b.propertyTypes)];
  });
  return stringify(rows, { header: true, columns: csvColumns, record_delimiter: 'windows', bom: true, ...safeCsvOptions });
}

/** One card per broker, in one file: 4.0 (RFC 6350) or 3.0 (RFC 2426, for Outlook for Windows). */
function toVcards(brokers: readonly DirectoryBroker[], version: VcardVersion): string {
  return brokers
    .map((b) => {
      const address = addressOf(b);
      const hasAddress = Object.values(address).some(Boolean);
      const properties: (VcardProperty | false)[] = [
        { name: 'FN', text: `${b.firstName} ${b.lastName}` },
        { name: 'N', components: [b.lastName, b.firstName, '', '', ''] },
        !!b.title && { name: 'TITLE', text: b.title },
        !!b.firm && { name: 'ORG', components: [b.firm.name] },
        !!b.email && { name: version === '3.0' ? 'EMAIL;TYPE=INTERNET,WORK' : 'EMAIL;TYPE=work', text: b.email },
        !!b.phone && { name: 'TEL;TYPE=work', text: b.phone },
        hasAddress && { name: 'ADR;TYPE=work', components: ['', '', address.street, address.city, address.state, address.zip, ''] },
        b.propertyTypes.length > 0 && { name: 'CATEGORIES', list: b.propertyTypes.map((t) => t.name) },
        b.markets.length > 0 && { name: 'NOTE', text: `Markets: ${b.markets.map((m) => m.name).join(', ')}` },
      ];
      return vcard(version, properties.filter((p): p is VcardProperty => !!p));
    })
    .join('');
}

const exportFiles = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8', write: toCsv },
  vcard: { extension: 'vcf', contentType: 'text/vcard; charset=utf-8', write: (brokers: readonly DirectoryBroker[]) => toVcards(brokers, '4.0') },
  vcard3: { extension: 'vcf', contentType: 'text/vcard; charset=utf-8', write: (brokers: readonly DirectoryBroker[]) => toVcards(brokers, '3.0') },
} satisfies Record<ExportFormat, unknown>;

const fileNameOf = (name: string, extension: string) => `${name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'contacts'}.${extension}`;

/** Exports a list as CSV or vCard: at most 20 a day per broker, each logged for the operators. */
export async function exportContactList(principal: Principal, caller: UserRecord, listId: string, format: ExportFormat, now = new Date()): Promise<ExportFile> {
  const record = await ownList(principal, listId);
  if ((await creationQuotasRepository.take(principal.sub, 'export', marketDay(now), DAILY_EXPORT_LIMIT)) === null) throw tooManyRequests(exportLimitMessage);
  const brokers = await brokersOf(record, now);
  await contactListsRepository.logExport({
    at: now.toISOString(),
    userId: principal.sub,
    // A delegate's export is the broker's (their quota, their list), and says who made it.
    userName: `${caller.firstName} ${caller.lastName}${principal.delegate ? ` (by ${principal.delegate.name})` : ''}`,
    listId,
    listName: record.name,
    format,
    rows: brokers.length,
  });
  const file = exportFiles[format];
  return { fileName: fileNameOf(record.name, file.extension), contentType: file.contentType, content: file.write(brokers), rows: brokers.length };
}

export async function exportLog(query: { limit: number; cursor?: string }): Promise<ExportLogPage> {
  return contactListsRepository.exportLog(query.limit, query.cursor);
}
