import { useState } from 'react';
import type { User } from '@shared/api/schemas/users';
import { Badge } from '@/components/ui/badge';
import { lazyDialog } from '@/components/lazy-dialog';
import { ProfileCard } from './profile-card';

const SubscriptionsDialog = lazyDialog(() => import('./subscriptions-dialog'), 'SubscriptionsDialog');

/** Every e-mail category with a green Subscribed or red Unsubscribed badge (spec 02 §2). */
export function SubscriptionsCard({ user, className }: { user: User | undefined; className?: string }) {
  const [editing, setEditing] = useState(false);
  return (
    <ProfileCard
      title="Subscription Information"
      editLabel="Edit Subscriptions"
      onEdit={() => setEditing(true)}
      loading={!user}
      className={className}
    >
      {user && (
        <>
          {/* Two columns filled top to bottom: the Listings categories, then the Requirements ones. */}
          <ul className="gap-x-8 sm:columns-2" aria-label="E-mail subscriptions">
            {user.subscriptions.map((s) => (
              <li key={s._id} className="flex break-inside-avoid items-center justify-between gap-3 border-b py-2 text-sm">
                <span>{s.name}</span>
                <Badge variant={s.subscribed ? 'success' : 'destructive'}>{s.subscribed ? 'Subscribed' : 'Unsubscribed'}</Badge>
              </li>
            ))}
          </ul>
          <p className="flex items-center justify-between gap-3 py-2 text-sm">
            <span>Match notices (new strong matches, at most one e-mail an hour)</span>
            <Badge variant={user.matchNotices ? 'success' : 'destructive'}>{user.matchNotices ? 'Subscribed' : 'Unsubscribed'}</Badge>
          </p>
          <SubscriptionsDialog subscriptions={user.subscriptions} matchNotices={user.matchNotices} open={editing} onOpenChange={setEditing} />
        </>
      )}
    </ProfileCard>
  );
}
