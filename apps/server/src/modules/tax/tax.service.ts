import type { TaxRate } from '@souq/contracts/tax';
import type { AuditActor } from '../audit/audit.repository';
import type { TaxRepository } from './tax.repository';

export interface TaxServiceDependencies {
  repository: TaxRepository;
  clock?: () => Date;
}

/**
 * The VAT rate per country as staff keep them (tax.manage): the whole list is saved at once,
 * with its audit entry, in one transaction. Orders already placed keep the rates they were
 * placed with (their lines store them).
 */
export function createTaxService({ repository, clock = () => new Date() }: TaxServiceDependencies) {
  return {
    listRates: () => repository.list(),

    async replaceRates(actor: AuditActor, rates: readonly TaxRate[]): Promise<TaxRate[]> {
      const at = clock();
      return repository.transaction(async (tx) => {
        const before = await tx.list();
        await tx.replace(rates, at.toISOString());
        const after = await tx.list();
        await tx.audit.record({
          actor,
          action: 'tax_rates.updated',
          entityType: 'tax_rates',
          entityId: 1,
          before: { rates: before },
          after: { rates: after },
          at,
        });
        return after;
      });
    },
  };
}
export type TaxService = ReturnType<typeof createTaxService>;
