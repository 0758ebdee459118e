import type { TaxRate, TaxRateList } from '@souq/contracts/tax';
import { adminApi } from '../shared/admin-api';

/** The VAT rate per country (tax.manage); a save replaces the whole list. */
export const taxApi = adminApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getTaxRates: build.query<TaxRateList, undefined>({
      query: () => '/admin/tax-rates',
      providesTags: ['TaxRates'],
    }),
    saveTaxRates: build.mutation<TaxRateList, TaxRate[]>({
      query: (items) => ({ url: '/admin/tax-rates', method: 'PUT', body: { items } }),
      invalidatesTags: ['TaxRates', 'Audit'],
    }),
  }),
});

export const { useGetTaxRatesQuery, useSaveTaxRatesMutation } = taxApi;
