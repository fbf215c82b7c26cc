import { z } from 'zod';
import { idParam } from '@shared/api/schemas';

/** ?edit=<listingId> opens the editor drawer on that draft (after Create, or Edit in the table). */
export const myListingsSearch = z.object({
  edit: idParam.optional().catch(undefined),
});
export type MyListingsSearch = z.infer<typeof myListingsSearch>;
