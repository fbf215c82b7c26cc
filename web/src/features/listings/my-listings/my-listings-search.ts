import { isId, type RawSearch } from '@/lib/search-params';

export interface MyListingsSearch {
  edit?: string;
  /** The dashboard's "Create New Listing": a draft is made and opened on arrival. */
  create?: true;
}

/** ?edit=<listingId> opens the editor drawer on that draft (after Create, or Edit in the table); ?create=true makes one first. */
export const myListingsSearch = (search: RawSearch): MyListingsSearch => ({
  edit: isId(search.edit) ? search.edit : undefined,
  ...(search.create === true || search.create === 'true' ? { create: true as const } : {}),
});
