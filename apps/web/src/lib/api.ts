import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer } from '../store/root-reducer';

/**
 * The one RTK Query API; features add their endpoints with api.injectEndpoints. It joins the
 * store when this module first loads, which happens with the first page that fetches data.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' }),
  endpoints: () => ({}),
});

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);

/** A readable message from an RTK Query error, using the server's error shape when there is one. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = error.data as { error?: { message?: unknown } } | null;
    const message = data?.error?.message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return fallback;
}

export function isNotFound(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'status' in error && error.status === 404;
}

/** The field → message map of a 400 from the server, for showing beside form fields. */
export function apiErrorFields(error: unknown): Record<string, string> {
  if (error && typeof error === 'object' && 'data' in error) {
    const fields = (error.data as { error?: { fields?: unknown } } | null)?.error?.fields;
    if (fields && typeof fields === 'object') {
      // only string messages are shown; anything else from the wire is ignored
      return Object.fromEntries(
        Object.entries(fields).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    }
  }
  return {};
}

export function isRateLimited(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'status' in error && error.status === 429;
}

/** The server's error code from an RTK Query error, for a message in the shopper's language. */
export function apiErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const code = (error.data as { error?: { code?: unknown } } | null)?.error?.code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
