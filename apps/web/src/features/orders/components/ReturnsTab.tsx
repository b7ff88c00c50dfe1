import {
  fromCents,
  type OrderView,
  paidAmount,
  type ReturnRequestView,
  type ReturnStatus,
  refundableAmount,
  toCents,
} from '@seamline/shared';
import {
  Badge,
  type BadgeVariant,
  Button,
  capitalize,
  EmptyState,
  formatDateTime,
  formatMoney,
  Skeleton,
} from '@seamline/ui';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useOrderReturns } from '../api';
import { variantLabel } from '../order-display';
import { ApproveReturnDialog, DeclineReturnDialog } from './ReturnDecisionDialogs';

const STATUS_VARIANT: Record<ReturnStatus, BadgeVariant> = {
  requested: 'warning',
  approved: 'success',
  declined: 'danger',
};

/** What the order can still refund: paid minus what approved returns gave back. */
function refundableOf(order: OrderView, returns: readonly ReturnRequestView[]) {
  const refunded = returns.reduce((sum, request) => sum + toCents(request.refundAmount ?? 0), 0);
  return refundableAmount(paidAmount(order.total, order.paymentStatus), fromCents(refunded));
}

function ReturnCard({
  request,
  onApprove,
  onDecline,
}: {
  request: ReturnRequestView;
  onApprove: () => void;
  onDecline: () => void;
}) {
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="return-request">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Badge variant={STATUS_VARIANT[request.status]}>{capitalize(request.status)}</Badge>
          <span className="text-sm text-slate-600">
            Requested {formatDateTime(request.requestedAt)}
            {request.requestedBy ? ` by ${request.requestedBy}` : ''}
          </span>
        </div>
        {request.status === 'requested' ? (
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={onDecline}>
              Decline
            </Button>
            <Button size="sm" onClick={onApprove}>
              Approve
            </Button>
          </div>
        ) : null}
      </div>
      <p className="mb-3 text-sm text-slate-800">
        <span className="font-medium">Reason:</span> {request.reason}
      </p>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-slate-500">
          <tr>
            <th className="py-1 font-medium">Item</th>
            <th className="py-1 text-right font-medium">Units</th>
            <th className="py-1 text-right font-medium">Value</th>
            {request.status === 'approved' ? <th className="py-1 text-right font-medium">Restocked</th> : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {request.items.map((item) => (
            <tr key={item.itemId}>
              <td className="py-1.5">
                {item.productName} <span className="text-slate-500">({variantLabel(item)})</span>
              </td>
              <td className="py-1.5 text-right">{item.quantity}</td>
              <td className="py-1.5 text-right">{formatMoney(item.value)}</td>
              {request.status === 'approved' ? <td className="py-1.5 text-right">{item.restocked}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {request.status !== 'requested' ? (
        <p className="mt-3 text-sm text-slate-600">
          {capitalize(request.status)} {formatDateTime(request.decidedAt)}
          {request.decidedBy ? ` by ${request.decidedBy}` : ''}
          {request.status === 'approved' ? ` · refunded ${formatMoney(request.refundAmount)}` : ''}
          {request.declineReason ? ` · ${request.declineReason}` : ''}
        </p>
      ) : null}
    </li>
  );
}

/** The order's Returns tab: every request with its lines, and approve/decline for the open ones. */
export function ReturnsTab({ order, onOrderChange }: { order: OrderView; onOrderChange: (order: OrderView) => void }) {
  const query = useOrderReturns(order.id);
  const [approving, setApproving] = useState<ReturnRequestView | null>(null);
  const [declining, setDeclining] = useState<ReturnRequestView | null>(null);
  if (query.isLoading) return <Skeleton className="h-24 w-full" />;
  const returns = query.data ?? [];
  if (returns.length === 0)
    return <EmptyState icon={Undo2} title="No returns" description="The customer has not asked for a return." />;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {returns.map((request) => (
          <ReturnCard
            key={request.id}
            request={request}
            onApprove={() => setApproving(request)}
            onDecline={() => setDeclining(request)}
          />
        ))}
      </ul>
      <ApproveReturnDialog
        order={order}
        request={approving}
        refundable={refundableOf(order, returns)}
        onOpenChange={(open) => !open && setApproving(null)}
        onOrderChange={onOrderChange}
      />
      <DeclineReturnDialog
        order={order}
        request={declining}
        onOpenChange={(open) => !open && setDeclining(null)}
        onOrderChange={onOrderChange}
      />
    </>
  );
}

/** The returns' steps on the order's timeline (request, then decision), oldest first. */
export function ReturnTimelineItems({ orderId }: { orderId: string }) {
  const { data: returns = [] } = useOrderReturns(orderId);
  const steps = returns.flatMap((request) => [
    { key: `${request.id}-asked`, label: 'Return requested', at: request.requestedAt, detail: request.reason },
    ...(request.decidedAt
      ? [
          {
            key: `${request.id}-decided`,
            label: `Return ${request.status}`,
            at: request.decidedAt,
            detail:
              request.status === 'approved'
                ? `Refunded ${formatMoney(request.refundAmount)}`
                : (request.declineReason ?? ''),
          },
        ]
      : []),
  ]);
  return steps
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map((step) => (
      <li key={step.key}>
        <p className="font-medium text-slate-900">{step.label}</p>
        <p className="text-slate-500">
          {formatDateTime(step.at)} · {step.detail}
        </p>
      </li>
    ));
}
