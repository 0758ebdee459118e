import { createHash } from 'node:crypto';
import type {
  StockAdjustment,
  StockMovement,
  StockMovementList,
} from '@souq/contracts/admin-catalog';
import { AppError, NotFoundError } from '../../http/errors';
import type { StockRepository } from './stock.repository';

/** Who adjusts: the staff member behind the request. */
export interface StockStaff {
  id: string;
  email: string;
}

/** An adjustment's scope in the idempotency keys: per product, so keys of products never meet. */
const adjustmentKeyScope = (productId: number) => `stock:${productId}`;

/** The back office's stock ledger: a product's history, and adjustments with a reason. */
export function createStockService({
  repository,
  clock: now = () => new Date(),
}: {
  repository: StockRepository;
  clock?: () => Date;
}) {
  return {
    async listMovements(productId: number, page = 1): Promise<StockMovementList> {
      if (!(await repository.productExists(productId)))
        throw new NotFoundError('No product with that id.');
      const { items, hasMore } = await repository.listMovements(productId, page);
      return { items, page, hasMore };
    },

    /**
     * Changes one live variant's stock by a counted amount, once per Idempotency-Key: the key,
     * the change, its movement and the audit entry are written in one transaction, so a retry
     * answers the same movement and moves nothing.
     */
    async adjust(
      staff: StockStaff,
      productId: number,
      adjustment: StockAdjustment,
      idempotencyKey: string,
    ): Promise<{ movement: StockMovement; created: boolean }> {
      return repository.transaction(async (tx) => {
        const at = now().toISOString();
        const scope = adjustmentKeyScope(productId);
        const hash = createHash('sha256').update(JSON.stringify(adjustment)).digest('hex');
        if (!(await tx.claimKey(scope, idempotencyKey, hash, at))) {
          const earlier = await tx.findKey(scope, idempotencyKey);
          if (earlier?.requestHash !== hash)
            throw new AppError(
              422,
              'idempotency_key_reused',
              'This Idempotency-Key was already used for a different adjustment.',
            );
          const movement =
            earlier.movementId === null ? undefined : await tx.findMovement(earlier.movementId);
          if (!movement) throw new Error('An adjustment key points at no movement');
          return { movement, created: false };
        }
        const variant = (await tx.variantsOfProduct(productId)).find(
          (v) => v.id === adjustment.variantId && !v.archived,
        );
        if (!variant) {
          if (!(await tx.productExists(productId)))
            throw new NotFoundError('No product with that id.');
          throw new AppError(400, 'invalid_request', 'Invalid body.', {
            variantId: 'no such variant of this product',
          });
        }
        const actor = { userId: staff.id, email: staff.email };
        const done = await tx.adjust({
          variantId: variant.id,
          change: adjustment.change,
          note: adjustment.reason,
          actor,
          at,
        });
        if (!done)
          throw new AppError(
            409,
            'insufficient_stock',
            `Only ${variant.stock} in stock: stock cannot go below 0.`,
            { change: `at least -${variant.stock}` },
          );
        await tx.completeKey(scope, idempotencyKey, done.movementId);
        await tx.audit.record({
          actor: { userId: staff.id, email: staff.email },
          action: 'product.stock_adjusted',
          entityType: 'product',
          entityId: productId,
          before: { variantId: variant.id, stock: variant.stock },
          after: { variantId: variant.id, stock: done.stock, reason: adjustment.reason },
          at: new Date(at),
        });
        const movement = await tx.findMovement(done.movementId);
        if (!movement) throw new Error('The movement just written is missing');
        return { movement, created: true };
      });
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
