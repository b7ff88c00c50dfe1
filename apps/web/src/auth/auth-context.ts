import type { LoginInput, PublicUser, RegisterInput, SessionView, TwoFactorChallenge } from '@seamline/shared';
import { createContext, useContext } from 'react';
import type { AuthState } from './auth-state';

/** A finished sign-in (the user), or the second step it still needs (two-factor code or setup). */
export type SignInOutcome = { user: PublicUser } | { challenge: TwoFactorChallenge['twoFactor'] };

export type AuthContextValue = AuthState & {
  /** Signs in; resolves with the user or the second step due, or rejects with the message to show. */
  login: (input: LoginInput) => Promise<SignInOutcome>;
  register: (input: RegisterInput) => Promise<SignInOutcome>;
  /** Stores a session the second sign-in step answered. */
  acceptSession: (session: SessionView) => Promise<SignInOutcome>;
  logout: () => Promise<void>;
  clearError: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within the auth provider (AuthProvider)');
  return value;
}
