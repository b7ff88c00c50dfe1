import type { RouteObject } from 'react-router';
import { page, placeholder } from './route-helpers';

/**
 * The back-office route table (paths under the signed-in layout). Each page is imported lazily.
 * To ship an area, replace its `placeholder(...)` line with `page(path, handle, () => import('../features/…'))`.
 */
export const appRoutes: RouteObject[] = [
  page(
    'dashboard',
    { title: 'Marketplace Dashboard', rule: 'staff' },
    () => import('../features/dashboard/pages/DashboardPage'),
  ),
  placeholder('orders', { title: 'Orders', rule: 'orders' }),
  page(
    'products',
    { title: 'Products', rule: 'catalogueRead' },
    () => import('../features/products/pages/ProductsPage'),
  ),
  page(
    'inventory',
    { title: 'Inventory', rule: 'inventory' },
    () => import('../features/inventory/pages/InventoryPage'),
  ),
  page(
    'categories',
    { title: 'Categories', rule: 'catalogueRead' },
    () => import('../features/categories/pages/CategoriesPage'),
  ),
  page('brands', { title: 'Brands', rule: 'catalogueRead' }, () => import('../features/brands/pages/BrandsPage')),
  placeholder('coupons', { title: 'Coupons', rule: 'couponsRead' }),
  placeholder('customers', { title: 'Customers', rule: 'customersRead' }),
  page('users', { title: 'User Management', rule: 'usersRead' }, () => import('../features/users/pages/UsersPage')),
  placeholder('analytics/sales', { title: 'Sales Analytics', rule: 'analytics' }),
  placeholder('analytics/revenue', { title: 'Revenue Analytics', rule: 'analytics' }),
  placeholder('analytics/customers', { title: 'Customer Analytics', rule: 'analytics' }),
  page(
    'analytics/inventory',
    { title: 'Inventory Analytics', rule: 'analytics' },
    () => import('../features/inventory-analytics/pages/InventoryAnalyticsPage'),
  ),
  placeholder('analytics/reports', { title: 'Reports', rule: 'analytics' }),
  placeholder('activity-logs', { title: 'Activity Logs', rule: 'activityLogs' }),
];
