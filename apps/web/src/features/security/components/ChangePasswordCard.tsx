import { profileContracts } from '@seamline/shared';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, Input } from '@seamline/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '../../../lib/api-client';
import { saveTokens } from '../../../lib/session';

/** Profile → password: the current one is asked again; other sessions are signed out, this one carries on. */
export function ChangePasswordCard({ onMessage }: { onMessage: (text: string) => void }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNext] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => api.call(profileContracts.changePassword, { body: { currentPassword, newPassword } }),
    onSuccess: (answer) => {
      saveTokens(answer.data.tokens);
      setCurrent('');
      setNext('');
      setFailure(null);
      onMessage(answer.message ?? 'Password changed');
    },
    onError: (error) => setFailure(errorMessage(error, 'Could not change the password')),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs out every other session.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate();
          }}
        >
          {failure ? (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          ) : null}
          <FormField label="Current password" htmlFor="current-password">
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrent(event.target.value)}
            />
          </FormField>
          <FormField label="New password" htmlFor="new-password">
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNext(event.target.value)}
            />
          </FormField>
          <Button type="submit" className="self-start" loading={change.isPending}>
            Change password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
