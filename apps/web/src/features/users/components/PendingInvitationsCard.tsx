import type { InvitationView } from '@seamline/shared';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatDateTime,
  type ScreenToast,
} from '@seamline/ui';
import { MailCheck, RotateCw, X } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useInvitationAction, useInvitations } from '../api';

const ROLE_LABEL = { support: 'Support', moderator: 'Moderator' } as const;

function inviterName(invitation: InvitationView): string {
  const by = invitation.invitedBy;
  return by ? `${by.firstName} ${by.lastName}`.trim() || by.email : 'a former admin';
}

/**
 * Admins: the open invitations (pending, or expired and not yet revoked), each resent (a new 72-hour link, the old one
 * dead) or revoked. Hidden while there is none.
 */
export function PendingInvitationsCard({ toast }: { toast: ScreenToast }) {
  const [page, setPage] = useState(1);
  const invitations = useInvitations(page, true);
  const action = useInvitationAction();
  const data = invitations.data;
  if (!data || data.pagination.total === 0) return null;
  const { totalPages } = data.pagination;

  const run = (invitation: InvitationView, kind: 'resend' | 'revoke') =>
    action.mutate(
      { id: invitation.id, action: kind },
      {
        onSuccess: (message) => toast.success(message),
        onError: (error) =>
          toast.error(errorMessage(error, kind === 'resend' ? 'Failed to resend the invitation' : 'Failed to revoke')),
      },
    );
  const busy = (invitation: InvitationView, kind: 'resend' | 'revoke') =>
    action.isPending && action.variables?.id === invitation.id && action.variables.action === kind;

  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailCheck className="size-4 text-indigo-600" aria-hidden /> Pending invitations
        </CardTitle>
        <CardDescription>
          Each link works once. Resending mails a new link and the previous one stops working.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Pending invitations" className="flex flex-col divide-y divide-slate-100">
          {data.invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <span className="truncate">{invitation.email}</span>
                  <Badge variant="primary">{ROLE_LABEL[invitation.role]}</Badge>
                  {invitation.status === 'expired' ? (
                    <Badge variant="warning">Expired</Badge>
                  ) : (
                    <Badge variant="info">Pending</Badge>
                  )}
                </p>
                <p className="text-slate-600">
                  Invited by {inviterName(invitation)} on {formatDateTime(invitation.createdAt)} ·{' '}
                  {invitation.status === 'expired' ? 'expired' : 'expires'} {formatDateTime(invitation.expiresAt)}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Resend invitation to ${invitation.email}`}
                  loading={busy(invitation, 'resend')}
                  disabled={action.isPending}
                  onClick={() => run(invitation, 'resend')}
                >
                  <RotateCw aria-hidden /> Resend
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke invitation to ${invitation.email}`}
                  loading={busy(invitation, 'revoke')}
                  disabled={action.isPending}
                  onClick={() => run(invitation, 'revoke')}
                >
                  <X aria-hidden /> Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {totalPages > 1 ? (
          <nav aria-label="Invitation pages" className="mt-3 flex items-center gap-2 text-sm text-slate-600">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page} of {totalPages}
            </span>
            <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}
