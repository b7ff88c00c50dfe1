import {
  type ActionTone,
  type ActivityEntity,
  type ActivityLogEntry,
  actionTone,
  activityEntity,
} from '@seamline/shared';
import { Badge, type BadgeVariant, cn, Highlight } from '@seamline/ui';
import {
  CreditCard,
  KeyRound,
  type LucideIcon,
  MapPin,
  Package,
  Server,
  ShoppingCart,
  Tag,
  Tags,
  TicketPercent,
  User,
  Users,
  Warehouse,
} from 'lucide-react';

const TONE_CLASSES: Record<ActionTone, string> = {
  green: 'text-emerald-700',
  red: 'text-red-700',
  amber: 'text-amber-700',
  blue: 'text-sky-700',
  neutral: 'text-slate-700',
};

export const UNKNOWN_USER = 'Unknown';

/** The e-mail a log is shown under ('Unknown' when there is none). */
export const logEmail = (log: ActivityLogEntry) => log.user?.email || UNKNOWN_USER;

/** The action in its spec color, with the search text marked (escaped by Highlight, never a pattern). */
export function ActionText({ action, search, className }: { action: string; search: string; className?: string }) {
  return (
    <span className={cn('font-medium', TONE_CLASSES[actionTone(action)], className)} data-tone={actionTone(action)}>
      <Highlight text={action} query={search} />
    </span>
  );
}

/** success green, failure red, anything else a warning color (the specification). */
export function StatusBadge({ status }: { status: string }) {
  const variant: BadgeVariant = status === 'success' ? 'success' : status === 'failure' ? 'danger' : 'warning';
  return <Badge variant={variant}>{status}</Badge>;
}

export function ResourceBadge({ resource, search }: { resource: string; search: string }) {
  return (
    <Badge variant="neutral" className="capitalize">
      <Highlight text={resource} query={search} />
    </Badge>
  );
}

const ENTITY_ICONS: Record<ActivityEntity, LucideIcon> = {
  user: User,
  product: Package,
  order: ShoppingCart,
  customer: Users,
  brand: Tag,
  category: Tags,
  coupon: TicketPercent,
  inventory: Warehouse,
  location: MapPin,
  payment: CreditCard,
  auth: KeyRound,
  system: Server,
};

const ENTITY_COLORS: Record<ActivityEntity, string> = {
  user: 'bg-indigo-50 text-indigo-600',
  product: 'bg-violet-50 text-violet-600',
  order: 'bg-sky-50 text-sky-600',
  customer: 'bg-teal-50 text-teal-600',
  brand: 'bg-pink-50 text-pink-600',
  category: 'bg-orange-50 text-orange-600',
  coupon: 'bg-emerald-50 text-emerald-600',
  inventory: 'bg-amber-50 text-amber-700',
  location: 'bg-lime-50 text-lime-700',
  payment: 'bg-green-50 text-green-600',
  auth: 'bg-blue-50 text-blue-600',
  system: 'bg-slate-100 text-slate-600',
};

/** The icon of the entity a log is about. */
export function EntityIcon({ resource }: { resource: string }) {
  const entity = activityEntity(resource);
  const Icon = ENTITY_ICONS[entity];
  return (
    <span
      className={cn('grid size-8 shrink-0 place-items-center rounded-full', ENTITY_COLORS[entity])}
      title={entity}
      data-entity={entity}
    >
      <Icon className="size-4" aria-hidden />
    </span>
  );
}
