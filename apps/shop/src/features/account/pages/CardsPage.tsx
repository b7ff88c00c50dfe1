import { cardForm, type SavedPaymentMethodView } from '@seamline/shared';
import { Button, ConfirmDialog, Notice, TextField } from '@seamline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormActions } from '../../../components/FormActions';
import { QueryState } from '../../../components/QueryState';
import { SectionHeading } from '../../../components/SectionHeading';
import { SubmitForm } from '../../../components/SubmitForm';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShopForm } from '../../../lib/use-shop-form';
import { accountQueries, removeCard, saveCard } from '../api';
import { tokenizeTestCard } from '../test-card';

const brandName = (brand: string) =>
  brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1);
const expiry = (card: SavedPaymentMethodView) =>
  card.expMonth && card.expYear ? `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}` : null;

function AddCardForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useShopForm(cardForm, {
    defaultValues: { number: '', expiry: '', isDefault: false },
    fallback: 'The card could not be saved.',
  });
  return (
    <SubmitForm
      form={form}
      aria-label={'New card'}
      className="grid grid-cols-1 gap-4 rounded-md border border-stone-200 p-4 sm:grid-cols-2"
      onSubmit={form.submit(
        (card) => saveCard(tokenizeTestCard(card)),
        async () => {
          await queryClient.invalidateQueries({ queryKey: accountQueries.cards().queryKey });
          onDone();
        },
      )}
      heading={<h2 className="text-lg font-semibold sm:col-span-2">New card</h2>}
    >
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        hint="Test cards: 4242 4242 4242 4242. The number stays in your browser."
        error={form.errors.number}
        {...form.register('number')}
      />
      <TextField
        label="Expiry (MM/YY)"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        error={form.errors.expiry}
        {...form.register('expiry')}
      />
      <label className="col-span-full flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-5 accent-ink" {...form.register('isDefault')} />
        Use as my default card
      </label>
      <FormActions saveLabel="Save card" busy={form.pending} onCancel={onDone} />
    </SubmitForm>
  );
}

function CardRow({ card }: { card: SavedPaymentMethodView }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => removeCard(card.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.cards().queryKey }),
  });
  const name = `${brandName(card.brand)} ending in ${card.last4}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-stone-200 p-4">
      <div>
        <p className="font-semibold">
          {name}{' '}
          {card.isDefault ? (
            <span className="ml-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold">Default</span>
          ) : null}
        </p>
        {expiry(card) ? <p className="text-sm text-stone-600">Expires {expiry(card)}</p> : null}
      </div>
      <Button type="button" variant="inline" onClick={() => setConfirming(true)}>
        Remove <span className="sr-only">{name}</span>
      </Button>
      <Notice tone="error">{remove.isError ? errorMessage(remove.error, 'The card could not be removed.') : ''}</Notice>
      <ConfirmDialog
        cancelLabel="Keep it"
        open={confirming}
        title="Remove this card?"
        confirmLabel="Remove card"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onOpenChange={setConfirming}
      >
        {name} will no longer be offered at checkout.
      </ConfirmDialog>
    </li>
  );
}

/** /account/cards — saved cards (brand, last 4 digits, expiry; the number itself is never stored). */
export function CardsPage() {
  useDocumentTitle('Saved cards');
  const cards = useQuery(accountQueries.cards());
  const [adding, setAdding] = useState(false);
  return (
    <section>
      <SectionHeading
        title="Saved cards"
        action={
          adding ? null : (
            <Button size="xl" type="button" onClick={() => setAdding(true)}>
              Add card
            </Button>
          )
        }
      />
      {adding ? (
        <div className="mb-6">
          <AddCardForm onDone={() => setAdding(false)} />
        </div>
      ) : null}
      <QueryState query={cards} fallback="Your cards could not be loaded.">
        {(list) =>
          list.length === 0 ? (
            <p className="text-stone-600">No saved cards. Save one here or when you pay.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {list.map((card) => (
                <CardRow key={card.id} card={card} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
