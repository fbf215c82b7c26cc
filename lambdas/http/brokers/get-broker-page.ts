import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { getBrokerPage } from '../../domain/broker-page';

export const handler = httpHandler(api.getBrokerPage, async ({ params }) => getBrokerPage(params.userId));
