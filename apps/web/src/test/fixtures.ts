import type { PublicUser } from '@seamline/shared';
import { vi } from 'vitest';
import type { AuthContextValue } from '../auth/auth-context';

export const adminUser: PublicUser = {
  _id: 'a'.repeat(24),
  id: 'a'.repeat(24),
  email: 'admin@seamline.dev',
  firstName: 'Ava',
  lastName: 'Admin',
  phone: null,
  role: 'admin',
  isActive: true,
  emailVerified: true,
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const authHeader = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.Authorization;

/** A session as the auth context provides it (tests that render routes without signing in). */
export const signedInAs = (user: PublicUser): AuthContextValue => ({
  user,
  isAuthenticated: true,
  isLoading: false,
  error: null,
  login: vi.fn(),
  register: vi.fn(),
  acceptSession: vi.fn(),
  logout: vi.fn(),
  clearError: vi.fn(),
});

export const signedInAsAdmin = () => signedInAs(adminUser);
