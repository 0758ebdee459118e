import type {
  StockAlertRequest,
  StockAlertUnsubscribe,
  StockAlertUnsubscribed,
} from '@souq/contracts/stock-alerts';
import { api } from '../../lib/api';

/** Back-in-stock alerts: asking to be told, and the mail's unsubscribe link. */
export const stockAlertsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    requestStockAlert: build.mutation<{ waiting: true }, StockAlertRequest>({
      query: (body) => ({ url: '/stock-alerts', method: 'POST', body }),
    }),
    unsubscribeStockAlerts: build.mutation<StockAlertUnsubscribed, StockAlertUnsubscribe>({
      query: (body) => ({ url: '/stock-alerts/unsubscribe', method: 'POST', body }),
    }),
  }),
});
