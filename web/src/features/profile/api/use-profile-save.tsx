import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { RequestBody } from '@shared/api/contract';
import type { User } from '@shared/api/schemas/users';
import { VersionConflictNotice } from '@/components/version-conflict-notice';
import { useAuth } from '@/features/auth';
import { api, ApiError, isVersionConflict } from '@/lib/api';
import { useApplyUser } from './use-apply-user';

type ProfileSaveRoute = 'updatePersonalInfo' | 'updateBrokerInfo' | 'updateSubscriptions' | 'updateDirectoryPrivacy' | 'updateNotificationPreferences';
/** A dialog's fields: the profile version is added here. */
export type ProfileFields<K extends ProfileSaveRoute> = Omit<RequestBody<K>, 'version'>;

interface Conflict<K extends ProfileSaveRoute> {
  message: string;
  currentVersion: number;
  fields: ProfileFields<K>;
}

/**
 * Saves one part of the signed-in user's profile over the version the session holds; the saved user goes
 * into the session. When the profile changed elsewhere meanwhile, nothing is saved and `conflictNotice`
 * asks the broker: reload (the dialog shows what is saved now) or keep theirs (saved over it).
 */
export function useProfileSave<K extends ProfileSaveRoute>(
  routeId: K,
  { onSaved, onReloaded }: { onSaved: () => void; onReloaded: (user: User) => void },
) {
  const { user } = useAuth();
  const applyUser = useApplyUser();
  const [conflict, setConflict] = useState<Conflict<K>>();
  const mutation = useMutation({
    mutationFn: ({ fields, version }: { fields: ProfileFields<K>; version: number }) => {
      if (!user) throw new ApiError('NotAuthenticated', 401, 'User is not authenticated');
      const call = api as (id: ProfileSaveRoute, options: { params: { userId: string }; body: unknown }) => Promise<{ user: User }>;
      return call(routeId, { params: { userId: user._id }, body: { ...fields, version } });
    },
    onSuccess: ({ user: saved }) => applyUser(saved),
  });

  /** Rejects with the save's error, except a version conflict, which `conflictNotice` shows. */
  const save = async (fields: ProfileFields<K>, version = user?.version ?? 0) => {
    setConflict(undefined);
    try {
      await mutation.mutateAsync({ fields, version });
    } catch (failure) {
      if (!isVersionConflict(failure)) throw failure;
      setConflict({ message: failure.message, currentVersion: failure.currentVersion, fields });
      return;
    }
    onSaved();
  };

  const reload = async () => {
    if (!user) return;
    const { user: current } = await api('getUserByCognitoId', { params: { cognitoId: user._id } });
    applyUser(current);
    setConflict(undefined);
    onReloaded(current);
  };

  const conflictNotice = conflict && (
    <VersionConflictNotice
      message={conflict.message}
      busy={mutation.isPending}
      onReload={() => void reload().catch((failure: unknown) => setConflict({ ...conflict, message: (failure as Error).message }))}
      onOverwrite={() => void save(conflict.fields, conflict.currentVersion).catch((failure: unknown) => setConflict({ ...conflict, message: (failure as Error).message }))}
    />
  );
  return { save, saving: mutation.isPending, conflictNotice };
}
