import type { RouteObject } from 'react-router';
import { page } from './route-helpers';

/**
 * The back-office route table (paths under the signed-in layout). Each page is imported lazily.
 * A new area adds one `page(path, { title, rule }, () => import('../features/…'))` line.
 */
export const appRoutes: RouteObject[] = [
  page(
    'dashboard',
    { title: 'Marketplace Dashboard', rule: 'staff' },
    () => import('../features/dashboard/pages/DashboardPage'),
  ),
  page('orders', { title: 'Orders', rule: 'orders' }, () => import('../features/orders/pages/OrdersPage')),
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
    'locations',
    { title: 'Stock Locations', rule: 'staff' },
    () => import('../features/locations/pages/LocationsPage'),
  ),
  page('transfers', { title: 'Transfers', rule: 'staff' }, () => import('../features/transfers/pages/TransfersPage')),
  page('categories', { title: 'Categories', rule: 'catalogueRead' }, () =>
    import('../features/taxonomy/pages/TaxonomyPage').then((m) => ({ default: m.CategoriesPage })),
  ),
  page('brands', { title: 'Brands', rule: 'catalogueRead' }, () =>
    import('../features/taxonomy/pages/TaxonomyPage').then((m) => ({ default: m.BrandsPage })),
  ),
  page('coupons', { title: 'Coupons', rule: 'couponsRead' }, () => import('../features/coupons/pages/CouponsPage')),
  page('reviews', { title: 'Reviews', rule: 'reviews' }, () => import('../features/reviews/pages/ReviewsPage')),
  page(
    'customers',
    { title: 'Customer Management', rule: 'customersRead' },
    () => import('../features/customers/pages/CustomersPage'),
  ),
  page('users', { title: 'User Management', rule: 'usersRead' }, () => import('../features/users/pages/UsersPage')),
  page(
    'analytics/sales',
    { title: 'Sales Analytics', rule: 'analytics' },
    () => import('../features/analytics/pages/SalesAnalyticsPage'),
  ),
  page(
    'analytics/revenue',
    { title: 'Revenue Analytics', rule: 'analytics' },
    () => import('../features/analytics/pages/RevenueAnalyticsPage'),
  ),
  page(
    'analytics/customers',
    { title: 'Customer Analytics', rule: 'analytics' },
    () => import('../features/analytics/pages/CustomerAnalyticsPage'),
  ),
  page(
    'analytics/inventory',
    { title: 'Inventory Analytics', rule: 'analytics' },
    () => import('../features/inventory/pages/InventoryAnalyticsPage'),
  ),
  page(
    'analytics/reports',
    { title: 'Reports', rule: 'analytics' },
    () => import('../features/analytics/pages/ReportsPage'),
  ),
  page(
    'activity-logs',
    { title: 'Activity Logs', rule: 'activityLogs' },
    () => import('../features/activity-logs/pages/ActivityLogsPage'),
  ),
  page(
    'settings/api-keys',
    { title: 'API keys', rule: 'integrations' },
    () => import('../features/api-keys/pages/ApiKeysPage'),
  ),
  page('settings/jobs', { title: 'Jobs', rule: 'integrations' }, () => import('../features/jobs/pages/QueueJobsPage')),
  page(
    'settings/webhooks',
    { title: 'Webhooks', rule: 'integrations' },
    () => import('../features/webhooks/pages/WebhooksPage'),
  ),
  page(
    'settings/payments',
    { title: 'Payments', rule: 'integrations' },
    () => import('../features/payment-settings/pages/PaymentSettingsPage'),
  ),
  page('profile', { title: 'Profile', rule: 'staff' }, () => import('../features/security/pages/ProfileSecurityPage')),
];
