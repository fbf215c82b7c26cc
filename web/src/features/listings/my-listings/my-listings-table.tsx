import { Link } from '@tanstack/react-router';
import { EyeIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { ListingSummary } from '@shared/api/schemas/listings';
import { formatDate } from '@shared/rules';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ConfirmButton } from '../components/confirm-button';
import { ListingStatusBadge } from '../components/listing-status-badge';

export const deleteListingTitle = 'Delete Listing';
export const deleteListingText = 'Are you sure you want to delete this listing? This action cannot be undone.';
export const noMyListingsText = 'No listings fit the search criteria, try changing the filters.';

/** Title, Status, Published On (MM/dd/yyyy); View, Edit (drafts only) and Delete. */
export function MyListingsTable({
  listings,
  onEdit,
  onDelete,
  deletingId,
}: {
  listings: readonly ListingSummary[];
  onEdit: (listingId: string) => void;
  onDelete: (listingId: string) => void;
  deletingId: string | undefined;
}) {
  if (listings.length === 0) return <p className="py-8 text-center text-muted-foreground">{noMyListingsText}</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Title</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Published On</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {listings.map((listing) => {
          const title = listing.title || 'Untitled listing';
          return (
            <TableRow key={listing.listingId}>
              <TableCell className="max-w-[22rem] truncate font-medium">{title}</TableCell>
              <TableCell>
                <ListingStatusBadge status={listing.status} />
              </TableCell>
              <TableCell className="tabular-nums">{formatDate(listing.publishedOn) || '—'}</TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
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
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
