import {
  authContracts,
  type ChangePasswordInput,
  type LoginInput,
  type ProfileUpdateInput,
  paymentContracts,
  profileContracts,
  type RegisterInput,
  type SavedAddressInput,
  STAFF_ROLES,
  type savedPaymentMethodInput,
} from '@seamline/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';

import { api } from '../../lib/api';
import { shopAuth } from '../../lib/auth';
import { ACCOUNT_QUERY_KEY, queryClient } from '../../lib/query-client';
import { FormError } from '../../lib/use-shop-form';

/** The signed-in customer's own reads, under the account key (forgotten at sign-out); always fetched fresh. */
export const accountQueries = {
  all: ACCOUNT_QUERY_KEY,
  profile: () =>
    queryOptions({
      queryKey: [...ACCOUNT_QUERY_KEY, 'profile'] as const,
      queryFn: async ({ signal }) => (await api.call(profileContracts.get, { signal })).data.user,
      staleTime: 0,
    }),
  addresses: () =>
    queryOptions({
      queryKey: [...ACCOUNT_QUERY_KEY, 'addresses'] as const,
      queryFn: async ({ signal }) => (await api.call(profileContracts.listAddresses, { signal })).data.addresses,
      staleTime: 0,
    }),
  cards: () =>
    queryOptions({
      queryKey: [...ACCOUNT_QUERY_KEY, 'cards'] as const,
      queryFn: async ({ signal }) => (await api.call(paymentContracts.listMethods, { signal })).data.methods,
      staleTime: 0,
    }),
  /** Confirms the address once (the token is single-use: the query never repeats), then refreshes a signed-in user. */
  verifyEmail: (token: string) =>
    queryOptions({
      queryKey: ['verify-email', token] as const,
      queryFn: async () => {
        const answer = await api.call(authContracts.verifyEmail, { body: { token } });
        if (shopAuth.user()) {
          const { data } = await api.call(authContracts.verify).catch(() => ({ data: null }));
          if (data) shopAuth.updated(data.user);
        }
        return answer;
      },
      enabled: token !== '',
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
    }),
};

export const updateProfile = (body: ProfileUpdateInput) => api.call(profileContracts.update, { body });
export const changePassword = (body: ChangePasswordInput) => api.call(profileContracts.changePassword, { body });
/** Adds an address, or changes the one with `id`. */
export const saveAddress = (body: SavedAddressInput, id?: string) =>
  id
    ? api.call(profileContracts.updateAddress, { params: { id }, body })
    : api.call(profileContracts.createAddress, { body });
export const deleteAddress = (id: string) => api.call(profileContracts.deleteAddress, { params: { id } });
export const saveCard = (body: z.input<typeof savedPaymentMethodInput>) =>
  api.call(paymentContracts.saveMethod, { body });
export const removeCard = (id: string) => api.call(paymentContracts.removeMethod, { params: { id } });
export const deleteAccount = (password: string) => api.call(profileContracts.deleteAccount, { body: { password } });
export const forgotPassword = (email: string) => api.call(authContracts.forgotPassword, { body: { email } });
export const resendVerification = (email: string) => api.call(authContracts.resendVerification, { body: { email } });
export const resetPassword = (token: string, password: string) =>
  api.call(authContracts.resetPassword, { body: { token, password } });

/** A staff account is not signed in to the shop: it is sent to the back office (staff and shoppers are kept apart). */
export const STAFF_ACCOUNT_MESSAGE =
  'This is a staff account. Please sign in to the back office instead; the shop is for customers.';

export class StaffAccountError extends FormError {
  constructor() {
    super(STAFF_ACCOUNT_MESSAGE);
    this.name = 'StaffAccountError';
  }
}

const isStaffRole = (role: string) => (STAFF_ROLES as readonly string[]).includes(role);

/** Signs a customer in; a staff account (with or without a two-factor step) is refused and its fresh session ended. */
export async function signIn(input: LoginInput) {
  const { data } = await api.call(authContracts.login, { body: input });
  if ('twoFactor' in data) throw new StaffAccountError();
  if (isStaffRole(data.user.role)) {
    // End the session just opened: its refresh cookie is the credential (no bearer token, which would end every
    // session of the staff member, the back office's too).
    await api.call(authContracts.logout, { noRefresh: true }).catch(() => undefined);
    throw new StaffAccountError();
  }
  shopAuth.signedIn(data.user, data.tokens, 'sign-in');
  return data.user;
}

/** Creates a customer account; the server signs the new customer in at once (the e-mail is verified later). */
export async function register(input: RegisterInput) {
  const { data } = await api.call(authContracts.register, { body: input });
  shopAuth.signedIn(data.user, data.tokens, 'register');
  return data.user;
}

/** Forgets this browser's session and every account answer, without asking the server (it already ended it). */
export function forgetSession() {
  shopAuth.signedOut();
  queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
}

/**
 * Ends this browser's session (the server revokes the refresh cookie's session and clears the cookie) and forgets
 * every account answer; other tabs follow through the storage event. A refused logout is not retried through a token
 * refresh: the session ends here either way.
 */
export async function signOut() {
  await api.call(authContracts.logout, { noRefresh: true }).catch(() => undefined);
  forgetSession();
}
