import {
  Button,
  Card,
  EmptyState,
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { Send } from 'lucide-react';
import { errorMessage } from '../../../lib/api-client';
import { useResendDelivery, useWebhookDeliveries, type WebhookEndpoint } from '../api';
import { DeliveryStatusBadge } from './DeliveryStatusBadge';

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

type Props = { endpoint: WebhookEndpoint; onResent(message: string, failed?: boolean): void };

/** One endpoint's delivery log, newest first, with a Resend button per delivery. */
export function DeliveriesPanel({ endpoint, onResent }: Props) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendDelivery();
  const rows = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];

  const resendOne = async (deliveryId: string) => {
    try {
      await resend.mutateAsync({ id: endpoint.id, deliveryId });
      onResent('Delivery queued to be sent again');
    } catch (error) {
      onResent(errorMessage(error, 'The delivery could not be resent.'), true);
    }
  };

  return (
    <Card className="mt-6 p-5">
      <h2 className="mb-4 text-base font-semibold text-slate-900">
        Deliveries to <span className="font-mono text-sm">{endpoint.url}</span>
      </h2>
      {deliveries.isPending ? (
        <p className="text-sm text-slate-500">Loading deliveries…</p>
      ) : rows.length === 0 ? (
        <EmptyState icon={Send} title="No deliveries yet" description="Events sent to this endpoint are listed here." />
      ) : (
        <>
          <Table aria-label="Deliveries">
            <TableHeader>
              <TableRow>
                <TableHead>Event</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Response</TableHead>
                <TableHead>Last attempt</TableHead>
                <TableHead>Attempts</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((delivery) => (
                <TableRow key={delivery.id}>
                  <TableCell>
                    <div className="font-mono text-xs">{delivery.eventType}</div>
                    <div className="text-xs text-slate-500">{delivery.eventId}</div>
                  </TableCell>
                  <TableCell>
                    <DeliveryStatusBadge status={delivery.status} />
                    {delivery.lastError ? (
                      <div className="mt-1 text-xs text-slate-500">{delivery.lastError}</div>
                    ) : null}
                  </TableCell>
                  <TableCell>{delivery.responseCode ?? '—'}</TableCell>
                  <TableCell>{time(delivery.lastAttemptAt)}</TableCell>
                  <TableCell>{delivery.attempts}</TableCell>
                  <TableCell>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Resend ${delivery.eventType} ${delivery.eventId}`}
                      disabled={resend.isPending}
                      onClick={() => resendOne(delivery.id)}
                    >
                      Resend
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {deliveries.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button
                variant="outline"
                disabled={deliveries.isFetchingNextPage}
                onClick={() => deliveries.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Card>
  );
}
