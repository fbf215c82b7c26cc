import type { RawSearch } from '@/lib/search-params';

export interface MyRequirementsSearch {
  /** The dashboard's "Create New Requirement": the create dialog opens on arrival. */
  create?: true;
}

export const myRequirementsSearch = (search: RawSearch): MyRequirementsSearch => (search.create === true || search.create === 'true' ? { create: true } : {});
