import { Building2Icon } from 'lucide-react';
import type { Contact } from '@shared/api/schemas/users';
import { initials } from '@shared/rules/format';
import { PhoneLink } from '@/components/phone-link';
import { UserAvatar } from '@/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { assetUrl } from '@/config/runtime-config';

const imageOf = (variants: Record<string, string> | null, ...names: string[]) => {
  const path = names.map((name) => variants?.[name]).find(Boolean);
  return path ? assetUrl(path) : undefined;
};

export const contactDetailsHiddenText = 'Phone, e-mail and license appear here once your account is approved.';

/**
 * The listing owner's card: photo, name, title, phone, e-mail and license (spec 02 "Listing detail"). For a
 * caller not yet approved the API leaves the details out and the card says when they appear.
 */
export function ContactCard({ contact }: { contact: Contact }) {
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Contact Information</CardTitle>
      </CardHeader>
      <CardContent className="flex items-start gap-4">
        <UserAvatar
          src={imageOf(contact.profileImage, 'medium', 'profile')}
          name={name}
          initials={initials(contact.firstName, contact.lastName)}
          className="size-16"
        />
        <dl className="grid min-w-0 gap-0.5 text-sm">
          <dt className="sr-only">Name</dt>
          <dd className="font-medium">{name}</dd>
          {contact.title && (
            <>
              <dt className="sr-only">Title</dt>
              <dd className="text-muted-foreground">{contact.title}</dd>
            </>
          )}
          {contact.phone && (
            <>
              <dt className="sr-only">Phone</dt>
              <dd>
                <PhoneLink phone={contact.phone} className="hover:underline" />
              </dd>
            </>
          )}
          {contact.email && (
            <>
              <dt className="sr-only">Email</dt>
              <dd className="break-all">
                <a className="text-primary hover:underline" href={`mailto:${contact.email}`}>
                  {contact.email}
                </a>
              </dd>
            </>
          )}
          {contact.license && (
            <>
              <dt className="sr-only">License</dt>
              <dd className="text-muted-foreground">License {contact.license}</dd>
            </>
          )}
          {contact.detailsHidden && (
            <>
              <dt className="sr-only">Contact details</dt>
              <dd className="text-muted-foreground">{contactDetailsHiddenText}</dd>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The owner's brokerage: logo, name and address; shown only when a broker name exists. */
export function BrokerCard({ contact }: { contact: Contact }) {
  const broker = contact.brokerInfo;
  if (!broker?.name) return null;
  const logo = imageOf(contact.brokerImage, 'medium', 'thumbnail') ?? (broker.logoSrc ? assetUrl(broker.logoSrc) : undefined);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Broker Information</CardTitle>
      </CardHeader>
      <CardContent className="flex items-start gap-4">
        {logo ? (
          <img src={logo} alt={`${broker.name} logo`} className="h-16 w-24 rounded-md object-contain" />
        ) : (
          <div className="flex h-16 w-24 items-center justify-center rounded-md bg-muted" aria-hidden="true">
            <Building2Icon className="size-6 text-muted-foreground" />
          </div>
        )}
        <address className="grid text-sm not-italic">
          <span className="font-medium">{broker.name}</span>
          {broker.address1 && <span>{broker.address1}</span>}
          {broker.address2 && <span>{broker.address2}</span>}
        </address>
      </CardContent>
    </Card>
  );
}
