import type { CREATABLE_STAFF_ROLES } from '@seamline/shared';

/** The roles the panel can give: support first (the default), then moderator (spec: admin cannot be assigned). */
export const ROLE_OPTIONS: { value: (typeof CREATABLE_STAFF_ROLES)[number]; label: string }[] = [
  { value: 'support', label: 'Support' },
  { value: 'moderator', label: 'Moderator' },
];
