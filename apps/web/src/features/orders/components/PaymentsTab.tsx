import { type OrderView, type PaymentKind, type PaymentRecordView, toCents } from '@seamline/shared';
import {
  Badge,
  type BadgeVariant,
  Button,
  capitalize,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatMoney,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { CreditCard, ExternalLink, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useOrderPayments } from '../api';
import { DetailTile } from './OrderBits';
import { RefundDialog } from './RefundDialog';

const KIND_LABELS: Record<PaymentKind, string> = {
  charge: 'Charge',
  refund: 'Refund',
  dispute: 'Dispute',
  manual: 'Recorded by staff',
};

const PROVIDER_LABELS: Record<PaymentRecordView['provider'], string> = {
  test: 'Test provider',
  stripe: 'Stripe',
  paypal: 'PayPal',
  manual: 'Manual',
};

function statusVariant(status: string): BadgeVariant {
  if (status === 'succeeded') return 'success';
  if (['failed', 'declined', 'canceled', 'lost'].includes(status)) return 'danger';
  return 'warning';
}

/** A provider's id, linked to its page in the provider's dashboard when it has one. */
function ProviderId({ payment }: { payment: PaymentRecordView }) {
  const id = <span className="break-all font-mono text-xs">{payment.providerId}</span>;
  if (!payment.dashboardUrl) return id;
  return (
    <a
      href={payment.dashboardUrl}
      target="_blank"
      rel="noreferrer noopener"
      className="inline-flex items-center gap-1 text-indigo-600 hover:underline"
    >
      {id} <ExternalLink className="size-3.5" aria-label="Open in the provider's dashboard" />
    </a>
  );
}

/**
 * The order's payment timeline (oldest first): each charge, refund, dispute and payment staff recorded, with what it
 * adds up to, and the Refund button while something captured is left to give back.
 */
export function PaymentsTab({ order, onOrderChange }: { order: OrderView; onOrderChange: (order: OrderView) => void }) {
  const payments = useOrderPayments(order.id);
  const [refunding, setRefunding] = useState(false);

  if (payments.isPending) return <Skeleton className="h-32 w-full" />;
  if (payments.isError)
    return <ErrorState title="Could not load the payments." onRetry={() => void payments.refetch()} />;
  const timeline = payments.data;
  return (
    <section aria-label="Payments" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <DetailTile label="Captured" value={formatMoney(timeline.captured)} />
        <DetailTile label="Refunded" value={formatMoney(timeline.refunded)} />
        <DetailTile label="Outstanding" value={formatMoney(timeline.outstanding)} />
      </div>
      {/* A disputed order gets its 'Disputed' badge here once the order view carries when the dispute opened. */}
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-600">Refundable: {formatMoney(timeline.refundable)}</p>
        <Button
          size="sm"
          variant="outline"
          disabled={toCents(timeline.refundable) === 0}
          onClick={() => setRefunding(true)}
        >
          <Undo2 /> Refund
        </Button>
      </div>
      {timeline.payments.length === 0 ? (
        <EmptyState
          icon={CreditCard}
          title="No payments yet"
          description="Charges, refunds and payments recorded by staff appear here."
        />
      ) : (
        <Table aria-label="Payment timeline">
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Kind</TableHead>
              <TableHead>Provider</TableHead>
              <TableHead>Provider ID</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Message</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {timeline.payments.map((payment) => (
              <TableRow key={payment.id} data-testid="payment-row">
                <TableCell>{formatDateTime(payment.occurredAt)}</TableCell>
                <TableCell>{KIND_LABELS[payment.kind]}</TableCell>
                <TableCell>{PROVIDER_LABELS[payment.provider]}</TableCell>
                <TableCell>
                  <ProviderId payment={payment} />
                </TableCell>
                <TableCell className="text-right">
                  {payment.kind === 'refund' ? '−' : ''}
                  {formatMoney(payment.amount)}
                </TableCell>
                <TableCell>
                  <Badge variant={statusVariant(payment.status)}>{capitalize(payment.status.replace(/_/g, ' '))}</Badge>
                </TableCell>
                <TableCell className="text-slate-600">{payment.message ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <RefundDialog
        order={order}
        refundable={timeline.refundable}
        open={refunding}
        onOpenChange={setRefunding}
        onOrderChange={onOrderChange}
      />
    </section>
  );
}
