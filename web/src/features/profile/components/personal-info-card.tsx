import { useState } from 'react';
import type { User } from '@shared/api/schemas/users';
import { formatPhone } from '@shared/rules/format';
import { lazyDialog } from '@/components/lazy-dialog';
import { InfoRow, ProfileCard } from './profile-card';

const PersonalInfoDialog = lazyDialog(() => import('./personal-info-dialog'), 'PersonalInfoDialog');

/** Read-only personal information (spec 02 §2): Name, Title, License, Email, Phone as (xxx) xxx-xxxx. */
export function PersonalInfoCard({ user }: { user: User | undefined }) {
  const [editing, setEditing] = useState(false);
  return (
    <ProfileCard title="Personal Information" editLabel="Edit Personal Information" onEdit={() => setEditing(true)} loading={!user}>
      {user && (
        <>
          <dl>
            <InfoRow label="Name">{`${user.firstName} ${user.lastName}`.trim()}</InfoRow>
            <InfoRow label="Title">{user.title}</InfoRow>
            <InfoRow label="License">{user.license}</InfoRow>
            <InfoRow label="Email">{user.email}</InfoRow>
            <InfoRow label="Phone">{formatPhone(user.phone)}</InfoRow>
          </dl>
          <PersonalInfoDialog user={user} open={editing} onOpenChange={setEditing} />
        </>
      )}
    </ProfileCard>
  );
}
