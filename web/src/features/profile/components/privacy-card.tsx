import { useState } from 'react';
import type { User } from '@shared/api/schemas/users';
import { Badge } from '@/components/ui/badge';
import { lazyDialog } from '@/components/lazy-dialog';
import { ProfileCard } from './profile-card';
import { privacyScope } from './privacy-scope';

const PrivacyDialog = lazyDialog(() => import('./privacy-dialog'), 'PrivacyDialog');

/** Profile → Privacy: whether the broker directory lists the broker, and with which contact details. */
export function PrivacyCard({ user, className }: { user: User | undefined; className?: string }) {
  const [editing, setEditing] = useState(false);
  const rows = user && [
    { label: 'Show me in the broker directory', on: user.directory.listed },
    { label: 'Show my phone there', on: user.directory.listed && user.directory.showPhone },
    { label: 'Show my e-mail there', on: user.directory.listed && user.directory.showEmail },
  ];
  return (
    <ProfileCard title="Privacy" editLabel="Edit Privacy" onEdit={() => setEditing(true)} loading={!user} className={className}>
      {user && rows && (
        <>
          <ul aria-label="Privacy">
            {rows.map((row) => (
              <li key={row.label} className="flex items-center justify-between gap-3 border-b py-2 text-sm">
                <span>{row.label}</span>
                <Badge variant={row.on ? 'success' : 'secondary'}>{row.on ? 'Yes' : 'No'}</Badge>
              </li>
            ))}
          </ul>
          <p className="pt-3 text-sm text-muted-foreground">{privacyScope}</p>
          <PrivacyDialog privacy={user.directory} open={editing} onOpenChange={setEditing} />
        </>
      )}
    </ProfileCard>
  );
}
