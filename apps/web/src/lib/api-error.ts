import type { TFunction } from 'i18next';
import { isErrorCode, type ErrorCode } from '@souq/contracts/error-codes';

/**
 * The one reader of API errors. RTK Query hands over `{ status, data }`, where data is the
 * server's `{"error": {"code", "message", "fields"?}}` or anything else a proxy answered.
 */
export interface ApiErrorInfo {
  status: number | string | undefined;
  /** The server's code, when it is one of the contract's. */
  code: ErrorCode | undefined;
  /** Field path → the server's (English) message, for marking fields. */
  fields: Record<string, string>;
}

export function readApiError(error: unknown): ApiErrorInfo {
  const info: ApiErrorInfo = { status: undefined, code: undefined, fields: {} };
  if (!error || typeof error !== 'object') return info;
  if ('status' in error && (typeof error.status === 'number' || typeof error.status === 'string')) {
    info.status = error.status;
  }
  const body = 'data' in error ? (error.data as { error?: unknown } | null) : null;
  const detail = body && typeof body === 'object' ? body.error : undefined;
  if (!detail || typeof detail !== 'object') return info;
  if ('code' in detail && isErrorCode(detail.code)) info.code = detail.code;
  if ('fields' in detail && detail.fields && typeof detail.fields === 'object') {
    // only string messages are kept; anything else from the wire is ignored
    info.fields = Object.fromEntries(
      Object.entries(detail.fields).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }
  return info;
}

/**
 * An API error in the shopper's language, chosen by its code; the server's own message is
 * English and never shown. `overrides` words a code for one place (a wrong current password).
 */
export function apiErrorMessage(
  t: TFunction,
  error: unknown,
  overrides: Partial<Record<ErrorCode, string>> = {},
): string {
  const { status, code } = readApiError(error);
  if (code) return overrides[code] ?? t(`apiErrors.${code}`);
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return t('apiErrors.offline');
  return t('apiErrors.unknown');
}

export const isNotFound = (error: unknown) => readApiError(error).status === 404;
export const isRateLimited = (error: unknown) => readApiError(error).status === 429;
