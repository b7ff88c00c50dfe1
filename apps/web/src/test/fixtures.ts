import type { LocationListItem, ProductView, PublicUser } from '@seamline/shared';
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

/** A whole product as staff read it (the staff view). */
export const exampleProduct: ProductView = {
  _id: 'b'.repeat(24),
  id: 'b'.repeat(24),
  name: 'Waxed Field Jacket',
  slug: 'waxed-field-jacket',
  sku: 'LUX-JAC-1010',
  description: 'Waxed cotton canvas.',
  category: 'Men',
  categoryId: 'c'.repeat(24),
  subcategory: 'Jackets',
  brand: 'Luxe Leather',
  brandId: 'd'.repeat(24),
  price: 229,
  comparePrice: 0,
  costPrice: 104.56,
  salePrice: null,
  images: [],
  variants: { size: { available: ['M'], default: 'M' }, color: { available: ['Green'], default: 'Green' } },
  inventory: [],
  tags: [],
  isActive: true,
  isFeatured: false,
  isTikTokTrending: false,
  weight: 0.9,
  dimensions: { length: 1, width: 1, height: 1 },
  seo: { title: '', description: '', keywords: [], slug: '' },
  viewCount: 4433,
  rating: 3.5,
  reviewCount: 10,
  salesCount: 19,
  wishlistCount: 27,
  totalStock: 0,
  availableStock: 0,
  reservedStock: 0,
  stockStatus: 'Out of Stock',
  inStock: false,
  createdBy: null,
  createdAt: '2026-10-15T10:00:00.000Z',
  updatedAt: '2026-10-15T10:00:00.000Z',
};

/** A stock location as GET /admin/locations lists it: active, shipping online orders, holding nothing unless told. */
export const stockLocation = (
  location: Pick<LocationListItem, '_id' | 'name'> & Partial<LocationListItem>,
): LocationListItem => ({
  kind: 'warehouse',
  address: '',
  shipsOnline: true,
  pickup: false,
  priority: 1,
  active: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  quantity: 0,
  reserved: 0,
  ...location,
});
