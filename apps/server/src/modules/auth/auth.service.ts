import type {
  ChangePasswordInput,
  RequestPasswordResetInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
} from '@souq/contracts/auth';
import { defaultLanguage } from '@souq/contracts/languages';
import { RESET_MAIL_LANGUAGE_HEADER, type Auth } from './auth';
import {
  AuthEngineError,
  EmailTakenError,
  InvalidCredentialsError,
  InvalidResetTokenError,
  TooManyRequestsError,
  WeakPasswordError,
  WrongCurrentPasswordError,
} from './auth.errors';
import type { AuthRepository } from './auth.repository';
import type { CurrentUser } from './current-user';
import { passwordProblem } from './password-policy';

const MINUTE = 60_000;

/**
 * Failed sign-ins, counted in the database so every app server agrees (decision 005). An
 * address that keeps failing for one account, or for many, is refused; failures for one account
 * from everywhere only slow its answers down, so strangers can never lock the owner out.
 */
export const signInLimits = {
  /** One account from one client address: past this, that address is refused (429). */
  accountFromAddress: { max: 5, windowMs: 15 * MINUTE },
  /** One client address, any accounts (password spraying): past this, refused (429). */
  clientAddress: { max: 30, windowMs: 15 * MINUTE },
  /** One account from all addresses: past this, every answer for it waits delayMs first. */
  account: { max: 10, windowMs: 15 * MINUTE, delayMs: 2_000 },
} as const;

/** Reset mails to one email address, whoever asks: an inbox must not be flooded from many addresses. */
export const PASSWORD_RESET_EMAIL_LIMIT = { max: 3, windowMs: 60 * MINUTE };

/** What better-auth needs of the HTTP request: where it went, its headers (cookie, origin). */
export interface AuthCall {
  url: URL;
  headers: Headers;
  clientAddress: string;
}

export interface AuthServiceDeps {
  auth: Auth;
  repository: AuthRepository;
  /** How a slowed sign-in waits; tests hold it instead of sleeping. */
  delay?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The shop's account rules around better-auth, which stays the engine for passwords, sessions
 * and reset tokens. Each method answers better-auth's successful Response (cookies and body for
 * the client) or throws one of the errors of auth.errors.ts.
 */
export function createAuthService({ auth, repository, delay = sleep }: AuthServiceDeps) {
  async function forward(
    call: AuthCall,
    method: 'GET' | 'POST',
    body?: object,
    extraHeaders: Record<string, string> = {},
  ) {
    const headers = new Headers(call.headers);
    headers.delete('content-length');
    // Only this server tells better-auth's callbacks the reset mail's language.
    headers.delete(RESET_MAIL_LANGUAGE_HEADER);
    for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const response = await auth.handler(
      new Request(call.url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    if (response.ok) return response;
    throw await engineError(response);
  }

  function checkNewPassword(field: string, password: string) {
    const problem = passwordProblem(password);
    if (problem) throw new WeakPasswordError(field, problem);
  }

  return {
    async signUp(call: AuthCall, input: SignUpInput) {
      checkNewPassword('password', input.password);
      try {
        return await forward(call, 'POST', input);
      } catch (error) {
        // Two sign-ups with one email at once: the loser's insert meets the unique email.
        if (
          error instanceof AuthEngineError &&
          error.engineCode === 'FAILED_TO_CREATE_USER' &&
          (await repository.userExists(input.email))
        )
          throw new EmailTakenError();
        throw error;
      }
    },

    async signIn(call: AuthCall, input: SignInInput) {
      const email = input.email.toLowerCase();
      const keys = {
        accountFromAddress: `sign-in|account+address|${email}|${call.clientAddress}`,
        clientAddress: `sign-in|address|${call.clientAddress}`,
        account: `sign-in|account|${email}`,
      };
      // Counted as failures before the password is checked, so parallel guesses cannot slip
      // past a limit; a right password takes its counts back.
      const [pair, address] = await Promise.all([
        repository.countAttempt(keys.accountFromAddress, signInLimits.accountFromAddress.windowMs),
        repository.countAttempt(keys.clientAddress, signInLimits.clientAddress.windowMs),
      ]);
      const refusals = [
        pair.hits > signInLimits.accountFromAddress.max ? pair.ttlMs : 0,
        address.hits > signInLimits.clientAddress.max ? address.ttlMs : 0,
      ];
      const waitMs = Math.max(...refusals);
      if (waitMs > 0) {
        throw new TooManyRequestsError(
          Math.max(1, Math.ceil(waitMs / 1000)),
          'Too many failed sign-in attempts. Wait a few minutes and try again.',
        );
      }
      const account = await repository.countAttempt(keys.account, signInLimits.account.windowMs);
      if (account.hits > signInLimits.account.max) await delay(signInLimits.account.delayMs);
      const response = await forward(call, 'POST', input);
      await Promise.all(Object.values(keys).map((key) => repository.takeBackAttempt(key)));
      return response;
    },

    signOut: (call: AuthCall) => forward(call, 'POST', {}),

    /** The shopper a session cookie belongs to, or null. */
    async sessionUser(cookie: string): Promise<CurrentUser | null> {
      const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
      if (!session) return null;
      return { id: session.user.id, email: session.user.email, name: session.user.name };
    },

    getSession: (call: AuthCall) => forward(call, 'GET'),

    async changePassword(call: AuthCall, input: ChangePasswordInput) {
      checkNewPassword('newPassword', input.newPassword);
      const session = await auth.api.getSession({ headers: call.headers });
      // Changing the password ends every other session (a thief's too).
      const response = await forward(call, 'POST', { ...input, revokeOtherSessions: true });
      // A reset link asked for before the change must not undo it.
      if (session) await repository.deleteResetTokens(session.user.id);
      return response;
    },

    async requestPasswordReset(call: AuthCall, input: RequestPasswordResetInput) {
      // Counted for every email, known or not, so the answer tells nothing about accounts.
      const sent = await repository.countAttempt(
        `password-reset|email|${input.email.toLowerCase()}`,
        PASSWORD_RESET_EMAIL_LIMIT.windowMs,
      );
      if (sent.hits > PASSWORD_RESET_EMAIL_LIMIT.max) {
        throw new TooManyRequestsError(
          Math.max(1, Math.ceil(sent.ttlMs / 1000)),
          'Too many reset links were asked for this email. Try again later.',
        );
      }
      const { language = defaultLanguage, ...request } = input;
      return forward(call, 'POST', request, { [RESET_MAIL_LANGUAGE_HEADER]: language });
    },

    async resetPassword(call: AuthCall, input: ResetPasswordInput) {
      checkNewPassword('newPassword', input.newPassword);
      const owner = await repository.findResetTokenOwner(input.token);
      const response = await forward(call, 'POST', input);
      // Every other link of the account dies with this one (an older mail, a leaked one).
      if (owner) await repository.deleteResetTokens(owner);
      return response;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** better-auth's refusals as the shop's errors. */
async function engineError(response: Response) {
  let code = '';
  let message = 'The request could not be completed.';
  try {
    const parsed = JSON.parse(await response.text()) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string') code = parsed.code;
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // not JSON: keep the generic message
  }
  switch (code) {
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return new EmailTakenError();
    case 'INVALID_EMAIL_OR_PASSWORD':
      return new InvalidCredentialsError();
    case 'INVALID_PASSWORD':
      return new WrongCurrentPasswordError();
    case 'INVALID_TOKEN':
      return new InvalidResetTokenError();
    default:
      return new AuthEngineError(response.status, code, message);
  }
}
