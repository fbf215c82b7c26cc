import { useState } from 'react';
import type { User } from '@shared/api/schemas/users';
import { lazyDialog } from '@/components/lazy-dialog';
import { ProfileCard } from './profile-card';
import { digestFrequencyLabels, matchDeliveryLabels, requirementDeliveryLabels } from './notification-words';

const NotificationsDialog = lazyDialog(() => import('./notifications-dialog'), 'NotificationsDialog');

/** Profile → Notifications: how requirements and matches reach the broker, and the digest's rhythm and length. */
export function NotificationsCard({ user, className }: { user: User | undefined; className?: string }) {
  const [editing, setEditing] = useState(false);
  const prefs = user?.notifications;
  const rows = prefs && [
    { label: 'Requirement broadcasts', value: requirementDeliveryLabels[prefs.requirements] },
    { label: 'Matches', value: matchDeliveryLabels[prefs.matches] },
    { label: 'Digest', value: digestFrequencyLabels[prefs.digestFrequency] },
    { label: 'Digest length', value: `At most ${prefs.digestLimit} entries` },
  ];
  return (
    <ProfileCard title="Notifications" editLabel="Edit Notifications" onEdit={() => setEditing(true)} loading={!user} className={className}>
      {user && rows && (
        <>
          <dl aria-label="Notifications" className="grid text-sm">
            {rows.map((row) => (
              <div key={row.label} className="flex flex-wrap items-center justify-between gap-3 border-b py-2">
                <dt>{row.label}</dt>
                <dd className="text-muted-foreground">{row.value}</dd>
              </div>
            ))}
          </dl>
          <p className="pt-2 text-sm text-muted-foreground">The categories you receive are under Subscriptions; each saved search has its own frequency.</p>
          <NotificationsDialog notifications={user.notifications} open={editing} onOpenChange={setEditing} />
        </>
      )}
    </ProfileCard>
  );
}
