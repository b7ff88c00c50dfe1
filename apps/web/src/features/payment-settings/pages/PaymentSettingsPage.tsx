import { PAYMENT_METHOD_LABELS, type PaymentSettingsView } from '@seamline/shared';
import { Badge, Card, CardContent, CardHeader, CardTitle, ErrorState, PageHeader, Skeleton } from '@seamline/ui';
import { usePaymentSettings } from '../api';

type MethodSettings = PaymentSettingsView['methods'][number];

const PROVIDER_LABELS: Record<NonNullable<MethodSettings['provider']>, string> = {
  test: 'Through the built-in test provider',
  stripe: 'Through Stripe',
  paypal: 'Through PayPal',
  manual: 'Paid outside the shop, recorded by staff',
};

function MethodCard({ method }: { method: MethodSettings }) {
  const title = PAYMENT_METHOD_LABELS[method.method];
  return (
    <Card data-testid={`payment-method-${method.method}`}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{title}</CardTitle>
          <div className="flex gap-1.5">
            <Badge variant={method.enabled ? 'success' : 'neutral'}>{method.enabled ? 'On' : 'Off'}</Badge>
            {method.mode ? (
              <Badge variant={method.mode === 'live' ? 'info' : 'warning'}>
                {method.mode === 'live' ? 'Live' : 'Test mode'}
              </Badge>
            ) : null}
          </div>
        </div>
        {method.provider ? <p className="text-sm text-slate-600">{PROVIDER_LABELS[method.provider]}</p> : null}
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100 text-sm">
          {method.details.map((detail) => (
            <div key={detail.label} className="flex flex-wrap justify-between gap-2 py-2">
              <dt className="text-slate-500">{detail.label}</dt>
              <dd className="break-all text-right font-mono text-xs text-slate-900">{detail.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * Settings → Payments (admins): each payment method, whether it is on, through which provider and in which mode, and
 * what an operator needs to set it up (the webhook address to give Stripe or PayPal, the variables that turn it on).
 * Read-only: payment methods are configured in the server's environment, and no secret ever reaches this screen.
 */
export default function PaymentSettingsPage() {
  const settings = usePaymentSettings();
  return (
    <>
      <PageHeader
        title="Payments"
        description="How the shop takes money. Payment methods are turned on in the server's environment; secrets are never shown."
      />
      {settings.isError ? (
        <ErrorState title="Failed to load the payment settings" onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {settings.data.map((method) => (
            <MethodCard key={method.method} method={method} />
          ))}
        </div>
      )}
    </>
  );
}
