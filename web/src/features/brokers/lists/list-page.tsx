import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { isApiError } from '@/lib/api';
import { contactListQuery, useExportContactList, useUpdateContactList } from '../api/list-queries';
import { BrokerCard } from '../components/broker-card';
import { filterSummary } from './filter-summary';

const route = getRouteApi('/consumer/lists/$listId');

/** One contact list: its brokers now, rename, remove a picked broker, and the CSV and vCard downloads. */
export function ListPage() {
  const { listId } = route.useParams();
  const list = useQuery(contactListQuery(listId));
  const exporter = useExportContactList();
  const update = useUpdateContactList();
  const [name, setName] = useState<string>();
  const id = useId();

  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (name?.trim()) update.mutate({ listId, body: { name } }, { onSuccess: () => setName(undefined) });
  };
  return (
    <ConsumerPage title={list.data?.list.name ?? 'List'}>
      {list.isPending ? (
        <Skeleton className="h-48 w-full" role="status" aria-label="Loading the list" />
      ) : list.isError ? (
        <Alert variant="destructive" className="max-w-xl">
          <AlertDescription>{isApiError(list.error) && list.error.status === 404 ? 'This list does not exist.' : `Failed to load the list: ${list.error.message}`}</AlertDescription>
        </Alert>
      ) : (
        <div className="grid gap-6">
          <p className="text-sm text-muted-foreground">
            {list.data.list.filter ? `Saved filter: ${filterSummary(list.data.list.filter)}. ` : 'Brokers picked one by one. '}
            {list.data.total} {list.data.total === 1 ? 'broker' : 'brokers'} now.
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <Button disabled={exporter.isPending} onClick={() => exporter.mutate({ listId, format: 'csv' })}>
              Download CSV
            </Button>
            <Button variant="outline" disabled={exporter.isPending} onClick={() => exporter.mutate({ listId, format: 'vcard' })}>
              Download vCard 4.0
            </Button>
            <Button variant="outline" disabled={exporter.isPending} onClick={() => exporter.mutate({ listId, format: 'vcard3' })}>
              Download vCard 3.0 (Outlook)
            </Button>
            <form onSubmit={rename} className="flex min-w-0 items-end gap-2 sm:ml-auto">
              <div className="grid min-w-0 gap-1.5">
                <Label htmlFor={`${id}-name`}>Rename</Label>
                <Input id={`${id}-name`} value={name ?? list.data.list.name} maxLength={100} onChange={(event) => setName(event.target.value)} />
              </div>
              <Button type="submit" variant="outline" disabled={!name?.trim() || update.isPending}>
                Save name
              </Button>
            </form>
          </div>
          <p className="text-sm text-muted-foreground">
            Outlook for Windows reads vCard 3.0, and imports only the first card of a file that holds several: to bring
            a whole list into Outlook, import the CSV (File → Open &amp; Export → Import/Export).
          </p>
          {(exporter.error ?? update.error) && (
            <Alert variant="destructive">
              <AlertDescription>{(exporter.error ?? update.error)?.message}</AlertDescription>
            </Alert>
          )}
          {list.data.brokers.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">No brokers on this list right now.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Brokers on this list">
              {list.data.brokers.map((broker) => (
                <li key={broker.userId} className="grid grid-cols-1 gap-2">
                  <BrokerCard broker={broker} />
                  {list.data.list.kind === 'fixed' && (
                    <Button variant="ghost" size="sm" className="h-auto max-w-full justify-self-start text-left whitespace-normal [overflow-wrap:anywhere]" onClick={() => update.mutate({ listId, body: { remove: [broker.userId] } })}>
                      Remove {broker.firstName} {broker.lastName} from this list
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </ConsumerPage>
  );
}
