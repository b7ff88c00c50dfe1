import { authContracts, type LoginInput, type RegisterInput, STAFF_ROLES } from '@seamline/shared';
import { api } from '../../lib/api';
import { shopAuth } from '../../lib/auth';
import { queryClient } from '../../lib/query-client';
import { FormError } from '../../lib/account/use-form-submit';

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
  queryClient.removeQueries({ queryKey: ['account'] });
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
