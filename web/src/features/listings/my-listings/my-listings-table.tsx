import { Link } from '@tanstack/react-router';
import { EyeIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { ListingSummary } from '@shared/api/schemas/listings';
import { formatDate } from '@shared/rules/format';
import { Button } from '@/components/ui/button';
import { CardList, CardListItem } from '@/components/ui/card-list';
import { changedByText } from '@/features/delegates/components/changed-by';
import { useActingFor } from '@/lib/acting-for';
import { Table, TableBody, TableCell, TableColumnsWithActions, TableRow } from '@/components/ui/table';
import { ConfirmButton } from '@/components/confirm-button';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { ListingStatusBadge } from '../components/listing-status-badge';

export const deleteListingTitle = 'Delete Listing';
export const deleteListingText = 'Are you sure you want to delete this listing? This action cannot be undone.';
export const noMyListingsText = 'No listings fit the search criteria, try changing the filters.';

interface ActionsProps {
  onEdit: (listingId: string) => void;
  onDelete: (listingId: string) => void;
  deletingId: string | undefined;
}

const titleOf = (listing: ListingSummary) => listing.title || 'Untitled listing';

/** View, Edit (drafts only: published listings cannot be edited) and Delete with its confirmation. */
function ListingActions({ listing, onEdit, onDelete, deletingId }: ActionsProps & { listing: ListingSummary }) {
  const title = titleOf(listing);
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <Button asChild variant="ghost" size="sm">
        <Link to="/consumer/listing/$listingId" params={{ listingId: listing.listingId }} aria-label={`View ${title}`}>
          <EyeIcon aria-hidden="true" /> View
        </Link>
      </Button>
      {listing.status === 'draft' && (
        <Button variant="ghost" size="sm" onClick={() => onEdit(listing.listingId)} aria-label={`Edit ${title}`}>
          <PencilIcon aria-hidden="true" /> Edit
        </Button>
      )}
      <ConfirmButton
        title={deleteListingTitle}
        description={deleteListingText}
        confirmLabel="Delete"
        destructive
        disabled={deletingId === listing.listingId}
        onConfirm={() => onDelete(listing.listingId)}
        buttonProps={{ variant: 'ghost', size: 'sm', className: 'text-destructive', 'aria-label': `Delete ${title}` }}
      >
        <Trash2Icon aria-hidden="true" /> Delete
      </ConfirmButton>
    </div>
  );
}

/**
 * Title, Status, Published On (MM/dd/yyyy) and the actions: a table from md up, one card per listing on
 * a phone (where a four-column table would hide its actions off screen).
 */
export function MyListingsTable({ listings, ...actions }: ActionsProps & { listings: readonly ListingSummary[] }) {
  const phone = useIsMobile();
  // The owner's own view says "you"; a delegate working for them sees "the broker".
  const acting = useActingFor();
  if (listings.length === 0) return <p className="py-8 text-center text-muted-foreground">{noMyListingsText}</p>;
  if (phone) {
    return (
      <CardList aria-label="My listings">
        {listings.map((listing) => (
          <CardListItem key={listing.listingId} title={titleOf(listing)} badge={<ListingStatusBadge status={listing.status} />}>
            <p className="text-xs text-muted-foreground">Published On {formatDate(listing.publishedOn) || '—'}</p>
            <p className="text-xs text-muted-foreground">Last change: {changedByText(listing.lastChangedBy, !acting)}</p>
            <ListingActions listing={listing} {...actions} />
          </CardListItem>
        ))}
      </CardList>
    );
  }
  return (
    <Table aria-label="My listings">
      <TableColumnsWithActions names={['Title', 'Status', 'Published On', 'Last Change']} />
      <TableBody>
        {listings.map((listing) => (
          <TableRow key={listing.listingId}>
            <TableCell className="max-w-[22rem] truncate font-medium">{titleOf(listing)}</TableCell>
            <TableCell>
              <ListingStatusBadge status={listing.status} />
            </TableCell>
            <TableCell className="tabular-nums">{formatDate(listing.publishedOn) || '—'}</TableCell>
            <TableCell className="text-muted-foreground">{changedByText(listing.lastChangedBy, !acting)}</TableCell>
            <TableCell>
              <ListingActions listing={listing} {...actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
