import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listMatches } from '../../domain/matching';

export const handler = httpHandler(api.listMatches, async ({ principal, query, callerApproved }) => listMatches(principal, query, callerApproved));
