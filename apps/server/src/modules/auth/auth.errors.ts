import { authErrorCodes } from '@souq/contracts/auth';
import { AppError } from '../../http/errors';

export class EmailTakenError extends AppError {
  constructor() {
    const message = 'An account with this email already exists.';
    super(422, authErrorCodes.emailTaken, message, { email: message });
  }
}

export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, authErrorCodes.invalidCredentials, 'Wrong email or password.');
  }
}

export class WrongCurrentPasswordError extends AppError {
  constructor() {
    const message = 'The current password is wrong.';
    super(400, authErrorCodes.invalidCredentials, message, { currentPassword: message });
  }
}

export class InvalidResetTokenError extends AppError {
  constructor() {
    super(
      400,
      authErrorCodes.invalidToken,
      'This reset link is invalid or has expired. Ask for a new one.',
    );
  }
}

export class WeakPasswordError extends AppError {
  constructor(field: string, problem: string) {
    super(400, authErrorCodes.weakPassword, problem, { [field]: problem });
  }
}

/** 429 `rate_limited`, as the per-route limits answer; the route sends Retry-After. */
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests. Please try again later.',
  ) {
    super(429, 'rate_limited', message);
  }
}

/**
 * Any other refusal from better-auth: `auth_error` with its status and message. Its own code is
 * kept (`engineCode`, e.g. "FAILED_TO_CREATE_USER") for the rules that need it, not sent.
 */
export class AuthEngineError extends AppError {
  constructor(
    statusCode: number,
    readonly engineCode: string,
    message: string,
  ) {
    super(statusCode, 'auth_error', message);
  }
}
