import type { ShippingZone, ShippingZoneValues } from '@souq/contracts/shipping';
import { AppError, NotFoundError } from '../../http/errors';
import type { AuditActor } from '../audit/audit.repository';
import type { ShippingRepository } from './shipping.repository';
import { freeDeliveryFrom } from './shipping-rules';

export interface ShippingServiceDependencies {
  repository: ShippingRepository;
  clock?: () => Date;
}

/**
 * Shipping zones and methods as staff keep them (shipping.manage): each change is written whole
 * with its audit entry in one transaction. A method kept by id must belong to the zone edited.
 */
export function createShippingService({
  repository,
  clock = () => new Date(),
}: ShippingServiceDependencies) {
  function refuseForeignMethods(values: ShippingZoneValues, zone: ShippingZone | undefined) {
    const own = new Set(zone?.methods.map((m) => m.id) ?? []);
    const fields: Record<string, string> = {};
    values.methods.forEach((method, index) => {
      if (method.id !== undefined && !own.has(method.id)) {
        fields[`methods.${index}.id`] = 'not a method of this zone';
      }
    });
    if (Object.keys(fields).length > 0) {
      throw new AppError(400, 'invalid_request', 'A method belongs to another zone.', fields);
    }
  }

  return {
    listZones: () => repository.listZones(),

    /** The storefront's "free delivery over" amount (shipping-rules.ts' freeDeliveryFrom). */
    freeDeliveryFrom: async () => freeDeliveryFrom(await repository.listZones()),

    async getZone(id: number): Promise<ShippingZone> {
      const zone = await repository.findZone(id);
      if (!zone) throw new NotFoundError('No such shipping zone.');
      return zone;
    },

    async createZone(actor: AuditActor, values: ShippingZoneValues): Promise<ShippingZone> {
      refuseForeignMethods(values, undefined);
      return repository.transaction(async (tx) => {
        const id = await tx.insertZone(values);
        const zone = (await tx.findZone(id)) as ShippingZone;
        await tx.audit.record({
          actor,
          action: 'shipping_zone.created',
          entityType: 'shipping_zone',
          entityId: id,
          before: null,
          after: zone,
          at: clock(),
        });
        return zone;
      });
    },

    async updateZone(
      actor: AuditActor,
      id: number,
      values: ShippingZoneValues,
    ): Promise<ShippingZone> {
      return repository.transaction(async (tx) => {
        const before = await tx.findZone(id);
        if (!before) throw new NotFoundError('No such shipping zone.');
        refuseForeignMethods(values, before);
        await tx.updateZone(id, values);
        const after = (await tx.findZone(id)) as ShippingZone;
        await tx.audit.record({
          actor,
          action: 'shipping_zone.updated',
          entityType: 'shipping_zone',
          entityId: id,
          before,
          after,
          at: clock(),
        });
        return after;
      });
    },

    async deleteZone(actor: AuditActor, id: number): Promise<void> {
      await repository.transaction(async (tx) => {
        const before = await tx.findZone(id);
        if (!before) throw new NotFoundError('No such shipping zone.');
        await tx.deleteZone(id);
        await tx.audit.record({
          actor,
          action: 'shipping_zone.deleted',
          entityType: 'shipping_zone',
          entityId: id,
          before,
          after: null,
          at: clock(),
        });
      });
    },
  };
}
export type ShippingService = ReturnType<typeof createShippingService>;
