import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ConfirmButton } from '@/components/confirm-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { consumerPaths, contactListPath } from '@/features/consumer/paths';
import { contactListsQuery, useDeleteContactList } from '../api/list-queries';
import { filterSummary } from './filter-summary';

const pickedCount = (count: number) => `${count} ${count === 1 ? 'broker' : 'brokers'} picked`;

/** "Lists": the broker's contact lists (saved filters and picked brokers), to open, export or delete. */
export function ListsPage() {
  const lists = useQuery(contactListsQuery());
  const remove = useDeleteContactList();
  return (
    <ConsumerPage title="Lists">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Contact lists</CardTitle>
          <CardDescription>
            Save a filter of the{' '}
            <Link to={consumerPaths.brokers} className="underline underline-offset-4">
              broker directory
            </Link>{' '}
            as a list, or add brokers one by one from their cards. Open a list to download it as CSV or vCard.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {lists.isPending ? (
            <Skeleton className="h-24 w-full" role="status" aria-label="Loading your lists" />
          ) : lists.isError ? (
            <Alert variant="destructive">
              <AlertDescription>Failed to load your lists: {lists.error.message}</AlertDescription>
            </Alert>
          ) : lists.data.items.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">You have no lists yet.</p>
          ) : (
            <ul className="grid gap-3" aria-label="Your lists">
              {lists.data.items.map((list) => (
                <li key={list.listId} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
                  <div className="grid gap-0.5">
                    <Link to={contactListPath(list.listId)} className="font-medium underline underline-offset-4">
                      {list.name}
                    </Link>
                    <span className="text-sm text-muted-foreground">
                      {list.filter ? `Saved filter: ${filterSummary(list.filter)}` : pickedCount(list.members?.length ?? 0)}
                    </span>
                  </div>
                  <ConfirmButton
                    title={`Delete “${list.name}”?`}
                    description="The list is deleted; the brokers stay in the directory."
                    confirmLabel="Delete"
                    destructive
                    disabled={remove.isPending}
                    onConfirm={() => remove.mutate(list.listId)}
                    buttonProps={{ variant: 'outline', size: 'sm', 'aria-label': `Delete ${list.name}` }}
                  >
                    Delete
                  </ConfirmButton>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </ConsumerPage>
  );
}
