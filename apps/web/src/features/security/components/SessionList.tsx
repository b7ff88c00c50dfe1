import type { SessionInfo } from '@seamline/shared';
import { Badge, Button, formatDateTime } from '@seamline/ui';

type Props = { sessions: SessionInfo[]; onEnd: (id: string) => void; ending: string | null };

/** Sessions with device, address, created and last used; each but the current one can be ended. */
export function SessionList({ sessions, onEnd, ending }: Props) {
  if (sessions.length === 0) return <p className="text-sm text-slate-500">No active sessions.</p>;
  return (
    <ul aria-label="Active sessions" className="flex flex-col divide-y divide-slate-100">
      {sessions.map((session) => (
        <li key={session.id} className="flex items-center justify-between gap-4 py-3">
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium text-slate-900">{session.userAgent || 'Unknown device'}</p>
            <p className="text-slate-500">
              {session.ip || 'Unknown address'} · signed in {formatDateTime(session.createdAt)} · last used{' '}
              {formatDateTime(session.lastUsedAt)}
            </p>
          </div>
          {session.current ? (
            <Badge variant="primary">This device</Badge>
          ) : (
            <Button
              variant="outline"
              size="sm"
              loading={ending === session.id}
              onClick={() => onEnd(session.id)}
              aria-label={`End session on ${session.userAgent || 'unknown device'}`}
            >
              End
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
