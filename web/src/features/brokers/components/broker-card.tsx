import { Link } from '@tanstack/react-router';
import type { DirectoryBroker } from '@shared/api/schemas/directory';
import { PhoneLink } from '@/components/phone-link';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Card, CardContent } from '@/components/ui/card';
import { brokerPath } from '@/features/consumer/paths';
import { AddToListButton } from './add-to-list-button';

const list = (items: readonly { name: string }[]) => items.map((item) => item.name).join(', ');

/** A directory card: photo, name, firm, the contact details the broker shows, and what they work on. */
export function BrokerCard({ broker, linked = true }: { broker: DirectoryBroker; linked?: boolean }) {
  const name = `${broker.firstName} ${broker.lastName}`;
  return (
    <Card className="h-full min-w-0">
      <CardContent className="flex h-full flex-col gap-3 p-4">
        <div className="flex items-center gap-3">
          <Avatar className="size-12">
            {broker.photoUrl && <AvatarImage src={broker.photoUrl} alt="" />}
            <AvatarFallback>{`${broker.firstName[0] ?? ''}${broker.lastName[0] ?? ''}`}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <h3 className="truncate font-semibold">
              {linked ? (
                <Link to={brokerPath(broker.userId)} className="block truncate underline underline-offset-4">
                  {name}
                </Link>
              ) : (
                name
              )}
            </h3>
            {broker.title && <p className="truncate text-sm text-muted-foreground">{broker.title}</p>}
          </div>
          {broker.firm?.logoUrl && <img src={broker.firm.logoUrl} alt={`${broker.firm.name} logo`} className="ml-auto h-10 w-auto max-w-24 object-contain" />}
        </div>
        {broker.firm && <p className="text-sm font-medium">{broker.firm.name}</p>}
        {broker.assistantTo && <p className="text-sm text-muted-foreground">Assistant to {broker.assistantTo.join(', ')}</p>}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {broker.phone && (
            <>
              <dt className="text-muted-foreground">Phone</dt>
              <dd>
                <PhoneLink phone={broker.phone} className="underline" />
              </dd>
            </>
          )}
          {broker.email && (
            <>
              <dt className="text-muted-foreground">E-mail</dt>
              <dd className="truncate">
                <a href={`mailto:${broker.email}`} className="underline underline-offset-4">
                  {broker.email}
                </a>
              </dd>
            </>
          )}
          {broker.propertyTypes.length > 0 && (
            <>
              <dt className="text-muted-foreground">Works on</dt>
              <dd>{list(broker.propertyTypes)}</dd>
            </>
          )}
          {broker.markets.length > 0 && (
            <>
              <dt className="text-muted-foreground">Markets</dt>
              <dd>{list(broker.markets)}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Active</dt>
          <dd>
            {broker.activeListings} {broker.activeListings === 1 ? 'listing' : 'listings'}, {broker.activeRequirements}{' '}
            {broker.activeRequirements === 1 ? 'requirement' : 'requirements'}
          </dd>
        </dl>
        <div className="mt-auto">
          <AddToListButton userId={broker.userId} name={name} />
        </div>
      </CardContent>
    </Card>
  );
}
