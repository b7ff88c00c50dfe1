import { loadChunk } from '@seamline/client';
import { STOREFRONT_AVAILABLE_CAP, type StorefrontProductView } from '@seamline/shared';
import { Button, Input } from '@seamline/ui';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'wouter';
import { cart } from '../../../lib/cart';
import { availableOf, type Choice, variantOf } from './variants';

/** Shown only for a sold-out choice, with the form library and the e-mail rule: loaded when first needed. */
const BackInStockForm = lazy(() =>
  loadChunk(() => import('./BackInStockForm')).then((module) => ({ default: module.BackInStockForm })),
);

/** "Only 3 left" below this many units; the server caps what it tells at STOREFRONT_AVAILABLE_CAP. */
const FEW_LEFT = 5;

function stockText(available: number, choice: Choice, exists: boolean) {
  if (!exists) return `Not made in ${choice.size} / ${choice.color}`;
  if (available === 0) return `Sold out in ${choice.size} / ${choice.color}`;
  if (available <= FEW_LEFT) return `Only ${available} left in ${choice.size} / ${choice.color}`;
  return 'In stock';
}

/**
 * Quantity and "Add to cart" for the chosen size × color: at most what the shopper can buy of it (the checkout
 * checks again). A sold-out combination cannot be added: the shopper may ask for an e-mail when it is back instead.
 * What was added is announced and links to the cart.
 */
export function AddToCart({ product, choice }: { product: StorefrontProductView; choice: Choice }) {
  const available = availableOf(product, choice);
  const max = Math.max(1, Math.min(available, STOREFRONT_AVAILABLE_CAP));
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState('');
  const quantityId = useId();
  const clamped = Math.min(Math.max(1, quantity), max);

  const add = () => {
    cart.add({
      productId: product.id,
      size: choice.size,
      color: choice.color,
      quantity: clamped,
      slug: product.slug,
      name: product.name,
      image: product.images[0]?.thumbnail ?? null,
    });
    setAdded(`Added ${clamped} × ${product.name} (${choice.size} / ${choice.color}) to your cart.`);
  };
  const step = (by: number) => setQuantity(Math.min(Math.max(1, clamped + by), max));
  const stepButton = 'size-11 rounded-none text-lg font-normal text-foreground';
  const exists = variantOf(product, choice) !== undefined;
  const stock = (
    <p className={`text-sm ${available === 0 ? 'text-sale' : 'text-stone-600'}`}>
      {stockText(available, choice, exists)}
    </p>
  );

  if (available === 0)
    return (
      <div className="space-y-4">
        {stock}
        {exists ? (
          <Suspense fallback={null}>
            <BackInStockForm key={`${choice.size}/${choice.color}`} productId={product.id} choice={choice} />
          </Suspense>
        ) : null}
      </div>
    );
  return (
    <div className="space-y-4">
      {stock}
      <div>
        <label htmlFor={quantityId} className="mb-2 block text-sm font-semibold">
          Quantity
        </label>
        <div className="inline-flex items-center rounded-md border border-stone-400">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className={stepButton}
            onClick={() => step(-1)}
            disabled={clamped <= 1}
            aria-label="One less"
          >
            −
          </Button>
          <Input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={clamped}
            onChange={(event) => setQuantity(Number.parseInt(event.target.value, 10) || 1)}
            className="w-22 border-0 text-center shadow-none [appearance:textfield]"
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className={stepButton}
            onClick={() => step(1)}
            disabled={clamped >= max}
            aria-label="One more"
          >
            +
          </Button>
        </div>
      </div>
      <Button type="button" size="xl" fullWidth className="h-12 text-base font-medium" onClick={add}>
        Add to cart
      </Button>
      <div role="status" aria-live="polite" className="text-sm">
        {added ? (
          <p className="rounded-md bg-stone-100 p-3">
            {added}{' '}
            <Link href="/cart" className="font-medium underline underline-offset-4">
              View cart
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
