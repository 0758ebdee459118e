import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { apiErrorSchema } from '@souq/contracts/errors';

/** The one RTK Query API; features add their endpoints with api.injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' }),
  endpoints: () => ({}),
});

/** A readable message from an RTK Query error, using the server's error shape when there is one. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'data' in error) {
    const parsed = apiErrorSchema.safeParse(error.data);
    if (parsed.success) return parsed.data.error.message;
  }
  return fallback;
}

export function isNotFound(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'status' in error && error.status === 404;
}

/** The server's error code from an RTK Query error, for a message in the shopper's language. */
export function apiErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const parsed = apiErrorSchema.safeParse(error.data);
    if (parsed.success) return parsed.data.error.code;
  }
  return undefined;
}
