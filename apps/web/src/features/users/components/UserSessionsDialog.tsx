import { type PublicUser, type SessionInfo, sessionContracts } from '@seamline/shared';
import { Badge, Button, Dialog, DialogContent, formatDateTime } from '@seamline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';

type Props = { user: PublicUser | null; onClose: () => void; onMessage: (text: string) => void };
const sessionsKey = (userId: string) => ['users', 'sessions', userId] as const;

/** Admins: a staff member's active sessions, each of which (or all at once) can be ended. */
export function UserSessionsDialog({ user, onClose, onMessage }: Props) {
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  const sessions = useQuery({
    queryKey: sessionsKey(userId),
    queryFn: async () => (await api.call(sessionContracts.listForUser, { params: { id: userId } })).data.sessions,
    enabled: user !== null,
  });
  const settled = {
    onSuccess: (answer: { message: string }) => onMessage(answer.message),
    onError: (error: unknown) => onMessage(errorMessage(error, 'Could not end the session')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey(userId) }),
  };
  const end = useMutation({
    mutationFn: (sessionId: string) => api.call(sessionContracts.endForUser, { params: { id: userId, sessionId } }),
    ...settled,
  });
  const endAll = useMutation({
    mutationFn: () => api.call(sessionContracts.endAllForUser, { params: { id: userId } }),
    ...settled,
  });
  const list: SessionInfo[] = sessions.data ?? [];

  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {user ? (
        <DialogContent title={`Sessions of ${user.firstName} ${user.lastName}`} size="lg">
          <div className="flex flex-col gap-3 p-5">
            {list.length === 0 ? <p className="text-sm text-slate-500">No active sessions.</p> : null}
            <ul aria-label="Active sessions" className="flex flex-col divide-y divide-slate-100">
              {list.map((session) => (
                <li key={session.id} className="flex items-center justify-between gap-4 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{session.userAgent || 'Unknown device'}</p>
                    <p className="text-slate-500">
                      {session.ip || 'Unknown address'} · last used {formatDateTime(session.lastUsedAt)}
                    </p>
                  </div>
                  {session.current ? <Badge>This device</Badge> : null}
                  <Button variant="outline" size="sm" onClick={() => end.mutate(session.id)}>
                    End
                  </Button>
                </li>
              ))}
            </ul>
            {list.length > 0 ? (
              <Button variant="destructive" className="self-start" onClick={() => endAll.mutate()}>
                End all sessions
              </Button>
            ) : null}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
