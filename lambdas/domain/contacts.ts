import type { Contact, DirectoryPrivacy, User } from '../../shared/api';
import type { UserRecord } from '../data/users';
import { assetUrl, assetUrls, legacyLogoKey } from './assets';

/** Absent on a record: listed, phone and e-mail shown (on by default). */
export const privacyOf = (record: Pick<UserRecord, 'directory'>): DirectoryPrivacy => ({
  listed: record.directory?.listed ?? true,
  showPhone: record.directory?.showPhone ?? true,
  showEmail: record.directory?.showEmail ?? true,
});

export function brokerInfoDto(info: UserRecord['brokerInfo']): User['brokerInfo'] {
  return info && { ...info, ...(info.logoSrc ? { logoSrc: assetUrl(legacyLogoKey(info.logoSrc)) } : {}) };
}

/**
 * Who looks at a broker's contact card: the broker themselves, an approved member (an operator, or a
 * delegate acting for an approved broker, counts as one), or an account awaiting approval.
 */
export type ContactViewer = 'self' | 'member' | 'unapproved';

/** Where the card appears: on an item (detail pages, match cards, mails) or in the directory (cards, broker pages, contact lists, exports). */
export type ContactPlace = 'item' | 'directory';

export const contactViewerOf = (own: boolean, callerApproved: boolean): ContactViewer => (own ? 'self' : callerApproved ? 'member' : 'unapproved');

/**
 * A broker's contact card as a viewer sees it where it appears: the one rule (PRODUCT.md "Members, contacts
 * and mail"). An account awaiting approval sees name, title, photo, logo and firm name, never phone, e-mail,
 * license or firm address. Members see the details; in the directory the broker's Privacy choices (show my
 * phone, show my e-mail) hide those two. On an item the card is how its counterpart reaches the broker
 * about it, so the choices do not apply there, as the Privacy card says.
 */
export function contactCardFor(record: UserRecord, viewer: ContactViewer, place: ContactPlace): Contact {
  const privacy = privacyOf(record);
  const card: Contact = {
    _id: record.userId,
    firstName: record.firstName,
    lastName: record.lastName,
    title: record.title,
    phone: place === 'directory' && !privacy.showPhone ? '' : record.phone,
    email: place === 'directory' && !privacy.showEmail ? '' : record.email,
    license: record.license,
    profileImage: assetUrls(record.profileImage),
    brokerImage: assetUrls(record.brokerImage),
    brokerInfo: brokerInfoDto(record.brokerInfo),
  };
  if (viewer !== 'unapproved') return card;
  return {
    ...card,
    phone: '',
    email: '',
    license: '',
    brokerInfo: card.brokerInfo && { ...card.brokerInfo, address1: '', address2: '' },
    detailsHidden: true,
  };
}
