import { sessionContracts } from '@seamline/shared';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState } from '@seamline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { securityQueries } from '../api';
import { SessionList } from './SessionList';

/** Profile → Sessions: every browser signed in to this account; end one or all others. */
export function SessionsCard({ onMessage }: { onMessage: (text: string) => void }) {
  const queryClient = useQueryClient();
  const sessions = useQuery(securityQueries.sessions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityQueries.sessions().queryKey });
  const end = useMutation({
    mutationFn: (id: string) => api.call(sessionContracts.end, { params: { id } }),
    onSuccess: (answer) => onMessage(answer.message),
    onError: (error) => onMessage(errorMessage(error, 'Could not end the session')),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => api.call(sessionContracts.endOthers),
    onSuccess: (answer) => onMessage(answer.message),
    onError: (error) => onMessage(errorMessage(error, 'Could not end the sessions')),
    onSettled: refresh,
  });
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Where your account is signed in. End any session you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {sessions.isError ? (
          <ErrorState
            title="Sessions could not be loaded"
            message="Please try again."
            onRetry={() => sessions.refetch()}
          />
        ) : (
          <SessionList
            sessions={sessions.data ?? []}
            onEnd={(id) => end.mutate(id)}
            ending={end.isPending ? (end.variables ?? null) : null}
          />
        )}
        {others > 0 ? (
          <Button
            variant="outline"
            className="self-start"
            loading={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            End all other sessions
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
