import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/features/auth';
import { api } from '@/lib/api';

/** POST /user/mail/{userId}: e-mail this broker again; the session's user record then shows it mailable. */
export function useResumeMail() {
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: (userId: string) => api('resumeMail', { params: { userId } }),
    onSuccess: () => refresh(),
  });
}
