import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCouponListQuerySchema,
  adminCouponListSchema,
  adminCouponSchema,
  adminIdParamsSchema,
  couponEditorSchema,
  couponUseListSchema,
  couponUsesQuerySchema,
} from '@souq/contracts/admin-marketing';
import { apiErrorSchema } from '@souq/contracts/errors';
import { requireStaff, type CurrentStaff } from '../staff/staff-guard';
import type { CouponsService } from './coupons.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

const actorOf = (staff: CurrentStaff) => ({ userId: staff.id, email: staff.email });

/** The back office's coupons (marketing.manage). */
export const couponsRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (
  app,
  { coupons },
) => {
  const config = { permission: 'marketing.manage' } as const;

  app.get(
    '/api/admin/coupons',
    {
      config,
      schema: {
        summary: 'Back office: coupons, newest first, by code and state (marketing.manage)',
        querystring: adminCouponListQuerySchema,
        response: { 200: adminCouponListSchema, ...errors },
      },
    },
    (request) => coupons.listCoupons(request.query),
  );

  app.post(
    '/api/admin/coupons',
    {
      config,
      schema: {
        summary: 'Back office: create a coupon (marketing.manage)',
        body: couponEditorSchema,
        response: { 201: adminCouponSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const coupon = await coupons.createCoupon(actorOf(requireStaff(request)), request.body);
      return reply.status(201).send(coupon);
    },
  );

  app.get(
    '/api/admin/coupons/:id',
    {
      config,
      schema: {
        summary: 'Back office: a coupon (marketing.manage)',
        params: adminIdParamsSchema,
        response: { 200: adminCouponSchema, ...errors },
      },
    },
    (request) => coupons.getCoupon(request.params.id),
  );

  app.put(
    '/api/admin/coupons/:id',
    {
      config,
      schema: {
        summary: "Back office: change a coupon; a used coupon's code stays (marketing.manage)",
        params: adminIdParamsSchema,
        body: couponEditorSchema,
        response: { 200: adminCouponSchema, ...errors, 409: apiErrorSchema },
      },
    },
    (request) =>
      coupons.updateCoupon(actorOf(requireStaff(request)), request.params.id, request.body),
  );

  app.post(
    '/api/admin/coupons/:id/pause',
    {
      config,
      schema: {
        summary:
          'Back office: pause a coupon; checkout refuses it until resumed (marketing.manage)',
        params: adminIdParamsSchema,
        response: { 200: adminCouponSchema, ...errors },
      },
    },
    (request) => coupons.pauseCoupon(actorOf(requireStaff(request)), request.params.id),
  );

  app.post(
    '/api/admin/coupons/:id/resume',
    {
      config,
      schema: {
        summary: 'Back office: resume a paused coupon (marketing.manage)',
        params: adminIdParamsSchema,
        response: { 200: adminCouponSchema, ...errors },
      },
    },
    (request) => coupons.resumeCoupon(actorOf(requireStaff(request)), request.params.id),
  );

  app.get(
    '/api/admin/coupons/:id/uses',
    {
      config,
      schema: {
        summary:
          "Back office: a coupon's uses, newest first, optionally by email (marketing.manage)",
        params: adminIdParamsSchema,
        querystring: couponUsesQuerySchema,
        response: { 200: couponUseListSchema, ...errors },
      },
    },
    (request) => coupons.listUses(request.params.id, request.query),
  );
};
