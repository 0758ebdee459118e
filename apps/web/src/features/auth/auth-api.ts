import type {
  RequestPasswordResetInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
} from '@souq/contracts/auth';
import { sessionApi } from '../../lib/session-api';

const authApi = sessionApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    signUp: build.mutation<unknown, SignUpInput>({
      query: (body) => ({ url: '/auth/sign-up/email', method: 'POST', body }),
      invalidatesTags: ['Session'],
    }),
    signIn: build.mutation<unknown, SignInInput>({
      query: (body) => ({ url: '/auth/sign-in/email', method: 'POST', body }),
      invalidatesTags: ['Session'],
    }),
    requestPasswordReset: build.mutation<unknown, RequestPasswordResetInput>({
      query: (body) => ({ url: '/auth/request-password-reset', method: 'POST', body }),
    }),
    resetPassword: build.mutation<unknown, ResetPasswordInput>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useSignUpMutation,
  useSignInMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
} = authApi;
