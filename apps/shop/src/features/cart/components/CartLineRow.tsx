import { Button, formatMoney, Select } from '@seamline/ui';
import { Link } from 'wouter';
import { LineImage } from '../../../components/checkout/LineImage';
import { type CartLine, cart } from '../../../lib/cart';
import type { CartPricing } from '../../../lib/cart-pricing';

type PricedItem = CartPricing['items'][number];

/** The most units one line can hold (the API's per-line maximum is 1000; a shop cart needs far fewer). */
const MAX_LINE_QUANTITY = 20;

/** One cart line: picture, name, size/color, server price, quantity control, remove, and the server's problem. */
export function CartLineRow({ line, priced, problem }: { line: CartLine; priced?: PricedItem; problem?: string }) {
  const label = `${line.name}, ${line.size} / ${line.color}`;
  const quantityId = `qty-${line.productId}-${line.size}-${line.color}`.replace(/\s+/g, '-');
  const options = Array.from({ length: Math.max(MAX_LINE_QUANTITY, line.quantity) }, (_, i) => i + 1);
  return (
    <li className="flex gap-4 border-b border-stone-200 py-4" data-testid="cart-line">
      <LineImage src={line.image ?? priced?.image} alt="" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:justify-between">
        <div className="min-w-0">
          <Link href={`/products/${line.slug}`} className="font-medium hover:underline">
            {priced?.name ?? line.name}
          </Link>
          <p className="text-sm text-stone-600">
            Size {line.size} · Color {line.color}
          </p>
          {priced ? <p className="text-sm">{formatMoney(priced.price)} each</p> : null}
          {problem ? (
            <p className="mt-1 text-sm font-medium text-sale" data-testid="line-problem">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-3 sm:flex-col sm:items-end">
          <label htmlFor={quantityId} className="sr-only">
            Quantity of {label}
          </label>
          <Select
            id={quantityId}
            value={line.quantity}
            onChange={(event) => cart.setQuantity(line, Number(event.target.value))}
            controlSize="xl"
          >
            {options.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
          <Button
            type="button"
            variant="inline"
            onClick={() => cart.remove(line)}
            className="min-h-11 text-muted-foreground underline-offset-auto hover:text-foreground"
          >
            Remove<span className="sr-only"> {label}</span>
          </Button>
          <p className="ml-auto font-semibold sm:ml-0">
            <span className="sr-only">Line total </span>
            {priced ? formatMoney(priced.total) : '—'}
          </p>
        </div>
      </div>
    </li>
  );
}
