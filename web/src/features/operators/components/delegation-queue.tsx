import { useInfiniteQuery } from '@tanstack/react-query';
import type { Delegation } from '@shared/api/schemas/delegations';
import { formatDate } from '@shared/rules/format';
import { PagedList } from '@/components/paged-list';
import { Button } from '@/components/ui/button';
import { CardList, CardListItem } from '@/components/ui/card-list';
import { Table, TableBody, TableCell, TableColumnsWithActions, TableRow } from '@/components/ui/table';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { delegationQueueQuery, partyName, useApproveDelegate } from '../api/operator-queries';

/** Approving the account as a delegate approves every delegation its brokers confirmed (and the account, if new). */
function ApproveDelegateButton({ delegation }: { delegation: Delegation }) {
  const approve = useApproveDelegate(delegation);
  return (
    <Button size="sm" disabled={approve.isPending} onClick={() => approve.mutate()} aria-label={`Approve ${partyName(delegation.delegate)} as a delegate`}>
      Approve
    </Button>
  );
}

/**
 * Operators: the delegations brokers confirmed, oldest first, each awaiting approval of its account
 * as a delegate. A table from md up, one card per delegation on a phone (where four columns scrolled sideways).
 */
export function DelegationQueue() {
  const query = useInfiniteQuery(delegationQueueQuery());
  const phone = useIsMobile();
  return (
    <PagedList query={query} what="delegates" empty="No delegate is waiting for approval.">
      {(items) =>
        phone ? (
          <CardList aria-label="Delegates awaiting approval">
            {items.map((delegation) => (
              <CardListItem key={`${delegation.brokerId}-${delegation.delegateId}`} title={partyName(delegation.delegate)}>
                <p className="text-xs break-words text-muted-foreground">{delegation.delegate.email}</p>
                <p className="text-sm break-words">
                  For {partyName(delegation.broker)} <span className="text-muted-foreground">{delegation.broker.firm}</span>
                </p>
                <p className="text-xs text-muted-foreground">Confirmed {formatDate(delegation.confirmedAt)}</p>
                <div>
                  <ApproveDelegateButton delegation={delegation} />
                </div>
              </CardListItem>
            ))}
          </CardList>
        ) : (
          <Table aria-label="Delegates awaiting approval">
            <TableColumnsWithActions names={['Delegate', 'For broker', 'Confirmed']} />
            <TableBody>
              {items.map((delegation) => (
                <TableRow key={`${delegation.brokerId}-${delegation.delegateId}`}>
                  <TableCell>
                    {partyName(delegation.delegate)} <span className="text-muted-foreground">{delegation.delegate.email}</span>
                  </TableCell>
                  <TableCell>
                    {partyName(delegation.broker)} <span className="text-muted-foreground">{delegation.broker.firm}</span>
                  </TableCell>
                  <TableCell>{formatDate(delegation.confirmedAt)}</TableCell>
                  <TableCell className="text-right">
                    <ApproveDelegateButton delegation={delegation} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      }
    </PagedList>
  );
}
