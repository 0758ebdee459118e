import type { Carrier, CarrierInput } from '@souq/contracts/carriers';
import { AppError, NotFoundError } from '../../http/errors';
import type { AuditActor } from '../audit/audit.repository';
import type { CarriersRepository } from './carriers.repository';

const nameTaken = () =>
  new AppError(409, 'carrier_name_taken', 'Another carrier has this name.', {
    name: 'Another carrier has this name',
  });

/**
 * The carriers the shop ships with. Orders keep the carrier's name and tracking link as they
 * were when shipped, so changing or removing a carrier leaves shipped orders as they are.
 */
export function createCarriersService({
  repository,
  clock = () => new Date(),
}: {
  repository: CarriersRepository;
  clock?: () => Date;
}) {
  async function audit(
    tx: Parameters<Parameters<CarriersRepository['transaction']>[0]>[0],
    actor: AuditActor,
    action: 'carrier.created' | 'carrier.updated' | 'carrier.deleted',
    id: number,
    before: Carrier | null,
    after: Carrier | null,
  ) {
    await tx.audit.record({
      actor,
      action,
      entityType: 'carrier',
      entityId: id,
      before,
      after,
      at: clock(),
    });
  }

  return {
    list: async () => ({ items: await repository.list() }),

    /** The carrier an order ships with; 400 on the field when there is none of that id. */
    async forShipping(id: number): Promise<Carrier> {
      const carrier = await repository.find(id);
      if (!carrier)
        throw new AppError(400, 'invalid_request', 'No such carrier.', {
          carrierId: 'Choose one of the shop’s carriers',
        });
      return carrier;
    },

    create: (actor: AuditActor, input: CarrierInput): Promise<Carrier> =>
      repository.transaction(async (tx) => {
        if ((await tx.idByName(input.name)) !== undefined) throw nameTaken();
        const carrier = await tx.insert(input);
        await audit(tx, actor, 'carrier.created', carrier.id, null, carrier);
        return carrier;
      }),

    update: (actor: AuditActor, id: number, input: CarrierInput): Promise<Carrier> =>
      repository.transaction(async (tx) => {
        const before = await tx.find(id);
        if (!before) throw new NotFoundError('No such carrier.');
        const other = await tx.idByName(input.name);
        if (other !== undefined && other !== id) throw nameTaken();
        const after = await tx.update(id, input);
        await audit(tx, actor, 'carrier.updated', id, before, after);
        return after;
      }),

    remove: (actor: AuditActor, id: number): Promise<void> =>
      repository.transaction(async (tx) => {
        const before = await tx.find(id);
        if (!before) throw new NotFoundError('No such carrier.');
        await tx.remove(id);
        await audit(tx, actor, 'carrier.deleted', id, before, null);
      }),
  };
}
export type CarriersService = ReturnType<typeof createCarriersService>;
