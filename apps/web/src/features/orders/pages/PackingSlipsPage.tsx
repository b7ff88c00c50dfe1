import { type PackingSlip, packingSlipQuery, SHIPPING_METHOD_INFO, STORE_NAME } from '@seamline/shared';
import { Button, formatDate } from '@seamline/ui';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { usePackingSlips } from '../packing-slips-api';

/**
 * Packing slips of the orders in `?ids=` (from the Orders screen): one slip per order with a page break between them,
 * what to pick and where to send it, never a price. The toolbar is left out of the print.
 */
export default function PackingSlipsPage() {
  const [params] = useSearchParams();
  const raw = params.get('ids') ?? '';
  const checked = packingSlipQuery.safeParse({ ids: raw });
  const slips = usePackingSlips(checked.success ? checked.data.ids.join(',') : null);
  const problem = !checked.success
    ? (checked.error.issues[0]?.message ?? 'Invalid selection')
    : slips.isError
      ? errorMessage(slips.error, 'Failed to load packing slips')
      : null;

  return (
    <div className="min-h-screen bg-slate-100 print:bg-white">
      <header className="sticky top-0 z-10 flex items-center gap-3 border-b border-slate-200 bg-white px-6 py-3 print:hidden">
        <Button asChild variant="ghost" size="sm">
          <Link to="/orders">
            <ArrowLeft /> Orders
          </Link>
        </Button>
        <h1 className="text-lg font-semibold text-slate-900">Packing slips</h1>
        <span className="text-sm text-slate-500" aria-live="polite">
          {slips.data ? `${slips.data.length} ${slips.data.length === 1 ? 'order' : 'orders'}` : ''}
        </span>
        <Button className="ml-auto" onClick={() => window.print()} disabled={!slips.data?.length}>
          <Printer /> Print
        </Button>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-6 p-6 print:max-w-none print:gap-0 print:p-0">
        {problem ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {problem}
          </p>
        ) : !slips.data ? (
          <p className="text-sm text-slate-500">Loading packing slips…</p>
        ) : slips.data.length === 0 ? (
          <p className="text-sm text-slate-500">None of these orders exist any more.</p>
        ) : (
          slips.data.map((slip) => <Slip key={slip.id} slip={slip} />)
        )}
      </main>
    </div>
  );
}

function Slip({ slip }: { slip: PackingSlip }) {
  const to = slip.shippingAddress;
  return (
    <article
      aria-label={`Packing slip ${slip.orderNumber}`}
      className="break-after-page rounded-lg bg-white p-8 shadow-sm last:break-after-auto print:rounded-none print:shadow-none"
    >
      <div className="mb-6 flex items-start justify-between border-b border-slate-300 pb-4">
        <div>
          <p className="text-xl font-bold text-slate-900">{STORE_NAME}</p>
          <p className="text-sm text-slate-600">Packing slip</p>
        </div>
        <dl className="text-right text-sm">
          <dt className="sr-only">Order</dt>
          <dd className="font-mono text-base font-semibold">{slip.orderNumber}</dd>
          <dt className="sr-only">Date</dt>
          <dd className="text-slate-600">{formatDate(slip.createdAt)}</dd>
        </dl>
      </div>
      <div className="mb-6 grid grid-cols-2 gap-6 text-sm">
        <section>
          <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Ship to</h2>
          <address className="not-italic leading-relaxed">
            {to.firstName} {to.lastName}
            <br />
            {to.street}
            <br />
            {to.city}, {to.state} {to.zipCode}
            <br />
            {to.country}
            {to.phone ? (
              <>
                <br />
                {to.phone}
              </>
            ) : null}
          </address>
        </section>
        <section>
          <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Shipping method</h2>
          <p>{SHIPPING_METHOD_INFO[slip.shippingMethod].name}</p>
        </section>
      </div>
      <table className="w-full text-sm">
        <thead className="border-b border-slate-300 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="py-2 font-semibold">Product</th>
            <th className="py-2 font-semibold">SKU</th>
            <th className="py-2 font-semibold">Barcode</th>
            <th className="py-2 font-semibold">Size</th>
            <th className="py-2 font-semibold">Color</th>
            <th className="py-2 text-right font-semibold">Qty</th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line) => (
            <tr key={`${line.sku}-${line.size}-${line.color}`} className="border-b border-slate-100">
              <td className="py-2">{line.productName}</td>
              <td className="py-2 font-mono text-xs">{line.sku}</td>
              <td className="py-2 font-mono text-xs">{line.barcode ?? '—'}</td>
              <td className="py-2">{line.size}</td>
              <td className="py-2">{line.color}</td>
              <td className="py-2 text-right font-semibold tabular-nums">{line.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={5} className="pt-3 text-right text-xs uppercase tracking-wide text-slate-500">
              Items
            </td>
            <td className="pt-3 text-right font-semibold tabular-nums">
              {slip.lines.reduce((sum, line) => sum + line.quantity, 0)}
            </td>
          </tr>
        </tfoot>
      </table>
    </article>
  );
}
