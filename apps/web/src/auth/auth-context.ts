import type { LoginInput, PublicUser, RegisterInput } from '@seamline/shared';
import { createContext, useContext } from 'react';
import type { AuthState } from './auth-state';

export type AuthContextValue = AuthState & {
  /** Signs in; resolves with the user, or rejects with the message to show. */
  login: (input: LoginInput) => Promise<PublicUser>;
  register: (input: RegisterInput) => Promise<PublicUser>;
  logout: () => Promise<void>;
  clearError: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within the auth provider (AuthProvider)');
  return value;
}
