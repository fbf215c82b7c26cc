import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody } from '@shared/api/contract';
import type { ExportFile, ExportFormat } from '@shared/api/schemas/directory';
import { api } from '@/lib/api';
import { apiKey, apiQuery } from '@/lib/query';

export const contactListsQuery = () => apiQuery('listContactLists');
export const contactListQuery = (listId: string) => apiQuery('getContactList', { params: { listId } });

/** After any change to lists: the Lists view and the open list read again. */
function useInvalidateLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiKey('listContactLists') }),
      queryClient.invalidateQueries({ queryKey: apiKey('getContactList') }),
    ]);
}

export function useCreateContactList() {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: (body: RequestBody<'createContactList'>) => api('createContactList', { body }), onSuccess: invalidate });
}

export function useUpdateContactList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ listId, body }: { listId: string; body: RequestBody<'updateContactList'> }) => api('updateContactList', { params: { listId }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteContactList() {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: (listId: string) => api('deleteContactList', { params: { listId } }), onSuccess: invalidate });
}

/** Hands the exported file to the browser as a download. */
function download(file: ExportFile) {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.contentType }));
  const link = Object.assign(document.createElement('a'), { href: url, download: file.fileName });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useExportContactList() {
  return useMutation({
    mutationFn: ({ listId, format }: { listId: string; format: ExportFormat }) => api('exportContactList', { params: { listId }, body: { format } }),
    onSuccess: download,
  });
}
