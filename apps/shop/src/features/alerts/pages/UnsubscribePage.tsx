import { stockAlertContracts } from '@seamline/shared';
import { Button, Notice } from '@seamline/ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'wouter';
import { api, errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * /alerts/unsubscribe/:token, the link of every back-in-stock mail: the page stops the alert with a one-click POST
 * once it is opened, and says so. Any token gets the same answer (the server reveals nothing about it).
 */
export default function UnsubscribePage() {
  useDocumentTitle('Back-in-stock alert');
  const { token = '' } = useParams<{ token: string }>();
  const stop = useMutation({
    mutationFn: async () => api.call(stockAlertContracts.unsubscribe, { params: { token } }),
  });
  // Once per token, even when React runs the effect twice in development.
  const sentFor = useRef('');
  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    stop.mutate();
  }, [token, stop]);

  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Back-in-stock alert</h1>
      {stop.isError ? (
        <>
          <Notice tone="error">{errorMessage(stop.error, 'Your alert could not be stopped. Please try again.')}</Notice>
          <Button type="button" size="xl" variant="outline" className="self-start" onClick={() => stop.mutate()}>
            Try again
          </Button>
        </>
      ) : stop.isSuccess ? (
        <Notice tone="success">{stop.data.message ?? 'You will not get an e-mail for this item'}</Notice>
      ) : (
        <p className="text-stone-600" role="status">
          Stopping your alert…
        </p>
      )}
      <Link href="/" className="font-medium underline underline-offset-4">
        Continue shopping
      </Link>
    </section>
  );
}
