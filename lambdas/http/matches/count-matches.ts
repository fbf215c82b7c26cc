import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { countMatches } from '../../domain/matching';

export const handler = httpHandler(api.countMatches, async ({ principal }) => countMatches(principal));
