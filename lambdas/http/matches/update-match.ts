import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { updateMatch } from '../../domain/matching';

export const handler = httpHandler(api.updateMatch, async ({ principal, params, body }) => ({
  match: await updateMatch(principal, params.requirementId, params.listingId, body.side, body.state),
}));
