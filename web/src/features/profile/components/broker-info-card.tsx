import { useState } from 'react';
import type { User } from '@shared/api/schemas/users';
import { lazyDialog } from '@/components/lazy-dialog';
import { InfoRow, ProfileCard } from './profile-card';

const BrokerInfoDialog = lazyDialog(() => import('./broker-info-dialog'), 'BrokerInfoDialog');

/** Broker Name and the address on two lines, or "No Broker Information" (spec 02 §2). */
export function BrokerInfoCard({ user }: { user: User | undefined }) {
  const [editing, setEditing] = useState(false);
  const info = user?.brokerInfo ?? null;
  return (
    <ProfileCard title="Broker Information" editLabel="Edit Broker Information" onEdit={() => setEditing(true)} loading={!user}>
      {info?.name ? (
        <dl>
          <InfoRow label="Broker Name">{info.name}</InfoRow>
          <InfoRow label="Broker Address">
            {(info.address1 || info.address2) && (
              <>
                {info.address1 && <span className="block">{info.address1}</span>}
                {info.address2 && <span className="block">{info.address2}</span>}
              </>
            )}
          </InfoRow>
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">No Broker Information</p>
      )}
      {user && <BrokerInfoDialog brokerInfo={info} open={editing} onOpenChange={setEditing} />}
    </ProfileCard>
  );
}
