import type { AccessRule } from '@seamline/shared';
import {
  Activity,
  ArrowLeftRight,
  Banknote,
  BarChart3,
  Boxes,
  DollarSign,
  FileText,
  KeyRound,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  MapPin,
  MessageSquareText,
  Package,
  ShoppingCart,
  Tag,
  Tags,
  TicketPercent,
  TrendingUp,
  UserCog,
  Users,
  Warehouse,
  Webhook,
} from 'lucide-react';

/** `openReturns`: the entry shows how many returns wait for a decision. */
export type NavItem = { label: string; to: string; icon: LucideIcon; rule: AccessRule; badge?: 'openReturns' };
export type NavGroup = { label: string; items: NavItem[] };

/** The sidebar; an entry is shown only when the signed-in role passes its rule (`can(role, rule)`). */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Overview',
    items: [{ label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard, rule: 'staff' }],
  },
  {
    label: 'Store',
    items: [
      { label: 'Orders', to: '/orders', icon: ShoppingCart, rule: 'orders', badge: 'openReturns' },
      { label: 'Products', to: '/products', icon: Package, rule: 'catalogueRead' },
      { label: 'Inventory', to: '/inventory', icon: Warehouse, rule: 'inventory' },
      { label: 'Locations', to: '/locations', icon: MapPin, rule: 'staff' },
      { label: 'Transfers', to: '/transfers', icon: ArrowLeftRight, rule: 'staff' },
      { label: 'Categories', to: '/categories', icon: Tags, rule: 'catalogueRead' },
      { label: 'Brands', to: '/brands', icon: Tag, rule: 'catalogueRead' },
      { label: 'Coupons', to: '/coupons', icon: TicketPercent, rule: 'couponsRead' },
      { label: 'Reviews', to: '/reviews', icon: MessageSquareText, rule: 'reviews' },
    ],
  },
  {
    label: 'People',
    items: [
      { label: 'Customers', to: '/customers', icon: Users, rule: 'customersRead' },
      { label: 'Users', to: '/users', icon: UserCog, rule: 'usersRead' },
    ],
  },
  {
    label: 'Analytics',
    items: [
      { label: 'Sales', to: '/analytics/sales', icon: TrendingUp, rule: 'analytics' },
      { label: 'Revenue', to: '/analytics/revenue', icon: DollarSign, rule: 'analytics' },
      { label: 'Customers', to: '/analytics/customers', icon: BarChart3, rule: 'analytics' },
      { label: 'Inventory', to: '/analytics/inventory', icon: Boxes, rule: 'analytics' },
      { label: 'Reports', to: '/analytics/reports', icon: FileText, rule: 'analytics' },
    ],
  },
  {
    label: 'System',
    items: [
      { label: 'Activity Logs', to: '/activity-logs', icon: Activity, rule: 'activityLogs' },
      { label: 'API keys', to: '/settings/api-keys', icon: KeyRound, rule: 'integrations' },
      { label: 'Jobs', to: '/settings/jobs', icon: Layers, rule: 'integrations' },
      { label: 'Payments', to: '/settings/payments', icon: Banknote, rule: 'integrations' },
      { label: 'Webhooks', to: '/settings/webhooks', icon: Webhook, rule: 'integrations' },
    ],
  },
];
