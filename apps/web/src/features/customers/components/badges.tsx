import type { CustomerTier } from '@seamline/shared';
import { Badge, type BadgeVariant } from '@seamline/ui';
import { Crown, Star, User } from 'lucide-react';

const TIER_STYLE: Record<CustomerTier, { variant: BadgeVariant; icon: typeof Crown }> = {
  'High Value': { variant: 'purple', icon: Crown },
  'Medium Value': { variant: 'info', icon: Star },
  Standard: { variant: 'neutral', icon: User },
};

/** The customer value tier (High Value ≥ $1,000, Medium Value ≥ $500, Standard). */
export function TierBadge({ tier }: { tier: CustomerTier }) {
  const { variant, icon: Icon } = TIER_STYLE[tier];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden />
      {tier}
    </Badge>
  );
}

export function StatusBadge({ isActive }: { isActive: boolean }) {
  return <Badge variant={isActive ? 'success' : 'danger'}>{isActive ? 'Active' : 'Inactive'}</Badge>;
}
