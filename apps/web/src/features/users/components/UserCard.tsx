import type { PublicUser } from '@seamline/shared';
import { Avatar, Badge, type BadgeVariant, Button, Card, formatDate } from '@seamline/ui';
import { Clock, Mail, Pencil, ShieldCheck, Trash2 } from 'lucide-react';

const ROLE_BADGES: Record<PublicUser['role'], { label: string; variant: BadgeVariant }> = {
  admin: { label: 'Admin', variant: 'purple' },
  moderator: { label: 'Moderator', variant: 'info' },
  support: { label: 'Support', variant: 'primary' },
  customer: { label: 'Customer', variant: 'neutral' },
};

export type UserCardProps = {
  user: PublicUser;
  /** The viewer may edit and deactivate (an admin); admin cards never offer it. */
  canManage: boolean;
  onEdit: (user: PublicUser) => void;
  /** Admins: open the member's sessions. */
  onSessions?: (user: PublicUser) => void;
  onDelete: (user: PublicUser) => void;
};

/** One staff member: role, locally generated avatar, name, e-mail, status and last sign-in. */
export function UserCard({ user, canManage, onEdit, onDelete, onSessions }: UserCardProps) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const role = ROLE_BADGES[user.role];
  const isAdmin = user.role === 'admin';
  return (
    <Card className="flex flex-col" data-testid="user-card" aria-label={fullName}>
      <div className="flex items-start justify-between gap-2 px-5 pt-4">
        <Badge variant={role.variant}>{role.label}</Badge>
        <Badge variant={user.isActive ? 'success' : 'neutral'}>{user.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      <div className="flex flex-1 flex-col items-center gap-1 px-5 pt-3 pb-4 text-center">
        <Avatar seed={user.email} name={fullName} size={64} />
        <h3 className="mt-2 max-w-full truncate text-base font-semibold text-slate-900" title={fullName}>
          {fullName}
        </h3>
        <p className="flex max-w-full items-center gap-1.5 text-sm text-slate-500" title={user.email}>
          <Mail className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{user.email}</span>
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-500">
          <Clock className="size-3.5 shrink-0" aria-hidden />
          Last login: {formatDate(user.lastLogin, 'Never')}
        </p>
      </div>
      {isAdmin || canManage ? (
        <div className="flex min-h-13 items-center justify-center gap-2 border-t border-slate-100 px-5 py-2.5">
          {isAdmin ? (
            <span className="flex items-center gap-1.5 text-sm font-medium text-violet-700">
              <ShieldCheck className="size-4" aria-hidden />
              Admin - Protected
            </span>
          ) : (
            <>
              <Button variant="outline" size="sm" onClick={() => onEdit(user)} aria-label={`Edit ${fullName}`}>
                <Pencil aria-hidden /> Edit
              </Button>
              {onSessions ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onSessions(user)}
                  aria-label={`Sessions of ${fullName}`}
                >
                  Sessions
                </Button>
              ) : null}
              <Button
                variant="outline"
                size="sm"
                className="border-red-200 text-red-600 hover:bg-red-50 hover:text-red-700"
                onClick={() => onDelete(user)}
                aria-label={`Delete ${fullName}`}
              >
                <Trash2 aria-hidden /> Delete
              </Button>
            </>
          )}
        </div>
      ) : null}
    </Card>
  );
}
