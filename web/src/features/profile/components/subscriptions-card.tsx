import { useState } from 'react';
import type { User } from '@shared/api/schemas/users';
import { Badge } from '@/components/ui/badge';
import { ProfileCard } from './profile-card';
import { SubscriptionsDialog } from './subscriptions-dialog';

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
          <ul className="grid gap-x-8 sm:grid-cols-2" aria-label="E-mail subscriptions">
            {user.subscriptions.map((s) => (
              <li key={s._id} className="flex items-center justify-between gap-3 border-b py-2 text-sm last:border-b-0 sm:[&:nth-last-child(2)]:border-b-0">
                <span>{s.name}</span>
                <Badge variant={s.subscribed ? 'success' : 'destructive'}>{s.subscribed ? 'Subscribed' : 'Unsubscribed'}</Badge>
              </li>
            ))}
          </ul>
          <SubscriptionsDialog subscriptions={user.subscriptions} open={editing} onOpenChange={setEditing} />
        </>
      )}
    </ProfileCard>
  );
}
