import { initials } from '@shared/rules/format';
import type { User } from '@shared/api/schemas/users';
import { UploadIcon } from 'lucide-react';
import { useState } from 'react';
import { UserAvatar } from '@/components/ui/avatar';
import { lazyDialog } from '@/components/lazy-dialog';
import { assetUrl } from '@/config/runtime-config';
import { ProfileCard } from './profile-card';

const ImageUploadDialog = lazyDialog(() => import('./image-upload-dialog'), 'ImageUploadDialog');

/** The profile picture (or the initials), with its upload dialog. */
export function ProfileImageCard({ user }: { user: User | undefined }) {
  const [uploading, setUploading] = useState(false);
  const picture = user?.profileImage?.medium ?? user?.profileImage?.profile;
  return (
    <ProfileCard
      title="Profile Image"
      editLabel="Upload Profile Image"
      editText="Upload"
      editIcon={UploadIcon}
      onEdit={() => setUploading(true)}
      loading={!user}
    >
      {user && (
        <div className="flex flex-col items-center gap-3">
          <UserAvatar
            className="size-32 text-3xl"
            src={picture ? assetUrl(picture) : undefined}
            name={`${user.firstName} ${user.lastName}`.trim()}
            initials={initials(user.firstName, user.lastName)}
          />
          {!picture && <p className="text-sm text-muted-foreground">No Profile Image Uploaded</p>}
          <ImageUploadDialog
            slot="profile"
            title="Profile Image"
            description="Upload a photo of yourself; it shows beside your requirements and listings."
            open={uploading}
            onOpenChange={setUploading}
          />
        </div>
      )}
    </ProfileCard>
  );
}

/** The broker logo: the uploaded one, else a legacy logo file (spec 02 §3), else the placeholder text. */
export function BrokerLogoCard({ user }: { user: User | undefined }) {
  const [uploading, setUploading] = useState(false);
  const logo = user?.brokerImage?.medium ?? user?.brokerImage?.original ?? user?.brokerInfo?.logoSrc;
  return (
    <ProfileCard
      title="Broker Logo"
      editLabel="Upload Broker Logo"
      editText="Upload"
      editIcon={UploadIcon}
      onEdit={() => setUploading(true)}
      loading={!user}
    >
      {user && (
        <div className="flex min-h-32 flex-col items-center justify-center gap-3">
          {logo ? (
            <img
              src={assetUrl(logo)}
              alt={user.brokerInfo?.name ? `${user.brokerInfo.name} logo` : 'Broker logo'}
              className="max-h-32 max-w-full object-contain"
            />
          ) : (
            <p className="text-sm text-muted-foreground">No Broker Logo Uploaded</p>
          )}
          <ImageUploadDialog
            slot="logo"
            title="Broker Logo"
            description="Upload your brokerage's logo; it shows on your requirements and listings."
            open={uploading}
            onOpenChange={setUploading}
          />
        </div>
      )}
    </ProfileCard>
  );
}
