import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mergeListsSchema,
  mergedListsSchema,
  putCartSchema,
  putWishlistSchema,
  serverCartSchema,
  serverWishlistSchema,
} from '@souq/contracts/carts';
import { apiErrorSchema } from '@souq/contracts/errors';
import { requireUser } from '../auth/require-user';
import type { CartsService } from './carts.service';

/** The signed-in shopper's cart and wishlist, kept on the server so every browser sees them. */
export const cartsRoutes: FastifyPluginAsyncZod<{ carts: CartsService }> = async (
  app,
  { carts },
) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

  app.get(
    '/api/cart',
    {
      schema: {
        summary: 'The saved cart',
        response: { 200: serverCartSchema, 401: apiErrorSchema },
      },
    },
    (request) => carts.getCart(requireUser(request).id),
  );
  app.put(
    '/api/cart',
    {
      schema: {
        summary: 'Replace the saved cart',
        body: putCartSchema,
        response: { 200: serverCartSchema, ...errors },
      },
    },
    (request) => carts.putCart(requireUser(request).id, request.body.items),
  );
  app.post(
    '/api/cart/merge',
    {
      schema: {
        summary: "Merge the browser's cart and wishlist into the saved ones (on sign-in)",
        body: mergeListsSchema,
        response: { 200: mergedListsSchema, ...errors },
      },
    },
    (request) => carts.merge(requireUser(request).id, request.body),
  );
  app.get(
    '/api/wishlist',
    {
      schema: {
        summary: 'The saved wishlist',
        response: { 200: serverWishlistSchema, 401: apiErrorSchema },
      },
    },
    (request) => carts.getWishlist(requireUser(request).id),
  );
  app.put(
    '/api/wishlist',
    {
      schema: {
        summary: 'Replace the saved wishlist',
        body: putWishlistSchema,
        response: { 200: serverWishlistSchema, ...errors },
      },
    },
    (request) => carts.putWishlist(requireUser(request).id, request.body.productIds),
  );
};
