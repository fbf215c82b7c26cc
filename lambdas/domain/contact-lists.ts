import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import {
  CategoriesProperty,
  EmailProperty,
  FNProperty,
  NoteProperty,
  NProperty,
  OrgProperty,
  SpecialValueType,
  TelProperty,
  TextListType,
  TextType,
  TitleProperty,
  VCARD,
} from 'vcard4';
import {
  CONTACT_LIST_MAX_MEMBERS,
  CONTACT_LIST_MAX_ROWS,
  DAILY_EXPORT_LIMIT,
  type ContactList,
  type ContactListBrokers,
  type CreateContactListRequest,
  type DirectoryBroker,
  type ExportFile,
  type ExportLogPage,
  type UpdateContactListRequest,
} from '../../shared/api';
import { directoryActiveSince, marketDay } from '../../shared/rules';
import { badRequest, notFound, tooManyRequests } from '../core/errors';
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

export async function createContactList(principal: Principal, input: CreateContactListRequest): Promise<ContactList> {
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
  await contactListsRepository.put(record);
  return toDto(record);
}

export async function listContactLists(principal: Principal): Promise<{ items: ContactList[] }> {
  const lists = await contactListsRepository.all(principal.sub);
  return { items: lists.sort((a, b) => a.name.localeCompare(b.name)).map(toDto) };
}

/** Renames a list, and adds or removes brokers of a fixed one. */
export async function updateContactList(principal: Principal, listId: string, input: UpdateContactListRequest): Promise<ContactList> {
  const record = await ownList(principal, listId);
  if (!record.members && (input.add?.length || input.remove?.length)) {
    throw badRequest('This list is a saved filter: change the filter in the directory and save it as a new list.');
  }
  const members = record.members && new Set([...record.members, ...(input.add ?? [])]);
  for (const id of input.remove ?? []) members?.delete(id);
  if (members && members.size > CONTACT_LIST_MAX_MEMBERS) throw badRequest(tooManyMembers);
  const updated = { ...record, name: input.name ?? record.name, members: members && [...members], updatedAt: nowIso() };
  await contactListsRepository.put(updated);
  return toDto(updated);
}

export async function deleteContactList(principal: Principal, listId: string): Promise<void> {
  if (!(await contactListsRepository.delete(principal.sub, listId))) throw notFound(listNotFound);
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

/** RFC 4180 (CRLF, quoted where needed), UTF-8 with a byte-order mark so spreadsheets read accents right. */
function toCsv(brokers: readonly DirectoryBroker[]): string {
  return stringify(
    brokers.map((b) => [b.firstName, b.lastName, b.firm?.name ?? '', b.email, b.phone, names(b.markets), names(b.propertyTypes)]),
    { header: true, columns: ['First Name', 'Last Name', 'Company', 'E-mail Address', 'Business Phone', 'Markets', 'Property Types'], record_delimiter: 'windows', bom: true },
  );
}

/** vCard 4.0 (RFC 6350), one card per broker, in one file. */
function toVcards(brokers: readonly DirectoryBroker[]): string {
  return brokers
    .map((b) => {
      const properties = [
        new FNProperty([], new TextType(`${b.firstName} ${b.lastName}`)),
        new NProperty([], new SpecialValueType('nproperty', [new TextType(b.lastName), new TextType(b.firstName), undefined, undefined, undefined])),
        ...(b.title ? [new TitleProperty([], new TextType(b.title))] : []),
        ...(b.firm ? [new OrgProperty([], new SpecialValueType('orgproperty', [new TextType(b.firm.name)]))] : []),
        ...(b.email ? [new EmailProperty([], new TextType(b.email))] : []),
        ...(b.phone ? [new TelProperty([], new TextType(b.phone))] : []),
        ...(b.propertyTypes.length ? [new CategoriesProperty([], new TextListType(b.propertyTypes.map((t) => new TextType(t.name))))] : []),
        ...(b.markets.length ? [new NoteProperty([], new TextType(`Markets: ${b.markets.map((m) => m.name).join(', ')}`))] : []),
      ];
      return new VCARD(properties).repr();
    })
    .join('');
}

const fileNameOf = (name: string, extension: string) => `${name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'contacts'}.${extension}`;

/** Exports a list as CSV or vCard: at most 20 a day per broker, each logged for the operators. */
export async function exportContactList(principal: Principal, caller: UserRecord, listId: string, format: 'csv' | 'vcard', now = new Date()): Promise<ExportFile> {
  const record = await ownList(principal, listId);
  if ((await creationQuotasRepository.take(principal.sub, 'export', marketDay(now), DAILY_EXPORT_LIMIT)) === null) throw tooManyRequests(exportLimitMessage);
  const brokers = await brokersOf(record, now);
  await contactListsRepository.logExport({
    at: now.toISOString(),
    userId: principal.sub,
    // A delegate's export is the broker's (their quota, their list), and says who made it (issue 16).
    userName: `${caller.firstName} ${caller.lastName}${principal.delegate ? ` (by ${principal.delegate.name})` : ''}`,
    listId,
    listName: record.name,
    format,
    rows: brokers.length,
  });
  return format === 'csv'
    ? { fileName: fileNameOf(record.name, 'csv'), contentType: 'text/csv; charset=utf-8', content: toCsv(brokers), rows: brokers.length }
    : { fileName: fileNameOf(record.name, 'vcf'), contentType: 'text/vcard; charset=utf-8', content: toVcards(brokers), rows: brokers.length };
}

export async function exportLog(query: { limit: number; cursor?: string }): Promise<ExportLogPage> {
  return contactListsRepository.exportLog(query.limit, query.cursor);
}
