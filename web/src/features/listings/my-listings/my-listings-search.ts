import { isId, type RawSearch } from '@/lib/search-params';

export interface MyListingsSearch {
  edit?: string;
}

/** ?edit=<listingId> opens the editor drawer on that draft (after Create, or Edit in the table). */
export const myListingsSearch = (search: RawSearch): MyListingsSearch => ({
  edit: isId(search.edit) ? search.edit : undefined,
});
