import type { AdminFlashSale, FlashSaleEditor } from '@souq/contracts/admin-marketing';
import { AppError, NotFoundError } from '../../http/errors';
import type { AuditActor } from '../audit/audit.repository';
import type { FlashSalesQueries, FlashSalesRepository } from './flash-sales.repository';

export interface FlashSalesServiceDependencies {
  repository: FlashSalesRepository;
  clock?: () => Date;
}

function notEditable(message: string): AppError {
  return new AppError(409, 'flash_sale_not_editable', message);
}

/**
 * Flash sales as staff schedule them. A product is in at most one sale at any moment: every
 * write checks the overlap inside its transaction, after taking the flash-sale lock, so two
 * staff saving at once cannot both pass the check (decision 016).
 */
export function createFlashSalesService({
  repository,
  clock = () => new Date(),
}: FlashSalesServiceDependencies) {
  const now = () => clock().toISOString();

  async function checkProducts(
    tx: FlashSalesQueries,
    editor: FlashSaleEditor,
    window: { startsAt: string; endsAt: string },
    saleId: number | null,
  ): Promise<void> {
    const existing = await tx.existingProducts(editor.productIds);
    const unknown = editor.productIds
      .map((id, index) => [id, index] as const)
      .filter(([id]) => !existing.has(id));
    if (unknown.length > 0) {
      throw new AppError(
        400,
        'unknown_products',
        'Some of the products are not in the catalog.',
        Object.fromEntries(unknown.map(([, index]) => [`productIds.${index}`, 'No such product'])),
      );
    }
    const clashes = await tx.productsInOverlappingSales(editor.productIds, window, saleId);
    if (clashes.length > 0) {
      const fields: Record<string, string> = {};
      for (const clash of clashes) {
        fields[`productIds.${editor.productIds.indexOf(clash.productId)}`] =
          `In the sale “${clash.saleName}” at those times`;
      }
      throw new AppError(
        409,
        'product_in_other_sale',
        'A product is in at most one flash sale at a time.',
        fields,
      );
    }
  }

  function windowOf(editor: FlashSaleEditor) {
    return {
      startsAt: new Date(editor.startsAt).toISOString(),
      endsAt: new Date(editor.endsAt).toISOString(),
    };
  }

  async function readSale(tx: FlashSalesQueries, id: number, at: string) {
    const sale = await tx.findSale(id, at);
    if (!sale) throw new NotFoundError('No such flash sale.');
    return sale;
  }

  return {
    async listSales(): Promise<{ items: AdminFlashSale[]; serverTime: string }> {
      const serverTime = now();
      return { items: await repository.listSales(serverTime), serverTime };
    },

    getSale: (id: number) => readSale(repository, id, now()),

    async createSale(actor: AuditActor, editor: FlashSaleEditor): Promise<AdminFlashSale> {
      const at = now();
      const window = windowOf(editor);
      if (window.endsAt <= at) {
        throw new AppError(400, 'invalid_request', 'A sale must end in the future.', {
          endsAt: 'The end must be in the future',
        });
      }
      return repository.transaction(async (tx) => {
        await tx.lockSales();
        await checkProducts(tx, editor, window, null);
        const id = await tx.insertSale({
          name: editor.name,
          starts_at: window.startsAt,
          ends_at: window.endsAt,
        });
        await tx.setSaleProducts(id, editor.productIds);
        const sale = await readSale(tx, id, at);
        await tx.audit.record({
          actor,
          action: 'flash_sale.created',
          entityType: 'flash_sale',
          entityId: id,
          before: null,
          after: sale,
          at: new Date(at),
        });
        return sale;
      });
    },

    /** Changes a scheduled or running sale; an ended one is history. */
    async updateSale(
      actor: AuditActor,
      id: number,
      editor: FlashSaleEditor,
    ): Promise<AdminFlashSale> {
      const at = now();
      const window = windowOf(editor);
      return repository.transaction(async (tx) => {
        await tx.lockSales();
        const before = await readSale(tx, id, at);
        if (before.state === 'ended') throw notEditable('An ended flash sale cannot be edited.');
        if (window.endsAt <= at) {
          throw new AppError(400, 'invalid_request', 'A sale must end in the future.', {
            endsAt: 'The end must be in the future',
          });
        }
        await checkProducts(tx, editor, window, id);
        await tx.updateSale(id, {
          name: editor.name,
          starts_at: window.startsAt,
          ends_at: window.endsAt,
        });
        await tx.setSaleProducts(id, editor.productIds);
        const after = await readSale(tx, id, at);
        await tx.audit.record({
          actor,
          action: 'flash_sale.updated',
          entityType: 'flash_sale',
          entityId: id,
          before,
          after,
          at: new Date(at),
        });
        return after;
      });
    },

    /** Ends a running sale now: shoppers see its prices go within the catalog's cache time. */
    async endSale(actor: AuditActor, id: number): Promise<AdminFlashSale> {
      const at = now();
      return repository.transaction(async (tx) => {
        await tx.lockSales();
        const before = await readSale(tx, id, at);
        if (before.state !== 'running') {
          throw notEditable(
            before.state === 'ended'
              ? 'This flash sale has already ended.'
              : 'This flash sale has not started; delete it instead.',
          );
        }
        await tx.updateSale(id, { ends_at: at });
        const after = await readSale(tx, id, at);
        await tx.audit.record({
          actor,
          action: 'flash_sale.ended',
          entityType: 'flash_sale',
          entityId: id,
          before,
          after,
          at: new Date(at),
        });
        return after;
      });
    },

    /** Deletes a sale that has not started; one that ran stays as history. */
    async deleteSale(actor: AuditActor, id: number): Promise<void> {
      const at = now();
      await repository.transaction(async (tx) => {
        await tx.lockSales();
        const before = await readSale(tx, id, at);
        if (before.state !== 'scheduled') {
          throw notEditable('A flash sale that has started cannot be deleted; end it instead.');
        }
        await tx.deleteSale(id);
        await tx.audit.record({
          actor,
          action: 'flash_sale.deleted',
          entityType: 'flash_sale',
          entityId: id,
          before,
          after: null,
          at: new Date(at),
        });
      });
    },
  };
}
export type FlashSalesService = ReturnType<typeof createFlashSalesService>;
