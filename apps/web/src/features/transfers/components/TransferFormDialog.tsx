import { DEBOUNCE_MS, type TransferInput, type TransferView, transferInput } from '@seamline/shared';
import {
  Button,
  Dialog,
  DialogContent,
  FormDialogActions,
  FormField,
  Input,
  SearchBox,
  Select,
  Textarea,
} from '@seamline/ui';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { VariantPicker } from '../../../components/variant-picker';
import { errorMessage } from '../../../lib/api-client';
import { useSaveTransfer, useTransferLocations, useTransferProducts } from '../api';

type Line = { productId: string; productName: string; size: string; color: string; quantity: number };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A draft to edit; none: a new transfer. */
  transfer?: TransferView;
  onSaved: (transfer: TransferView) => void;
};

const sameVariant = (a: Line, b: Line) =>
  a.productId === b.productId &&
  a.size.toLowerCase() === b.size.toLowerCase() &&
  a.color.toLowerCase() === b.color.toLowerCase();

/**
 * A draft transfer: from and to (active locations), a note, and lines added by searching a product and picking its
 * size, colour and units. No stock moves until the transfer is shipped.
 */
export function TransferFormDialog({ open, onOpenChange, transfer, onSaved }: Props) {
  const locations = useTransferLocations();
  const save = useSaveTransfer();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState('');
  const [size, setSize] = useState('');
  const [color, setColor] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [failure, setFailure] = useState<string | null>(null);
  const products = useTransferProducts(search);
  const found = products.data ?? [];
  const product = found.find((p) => p.id === productId);

  useEffect(() => {
    if (!open) return;
    setFrom(transfer?.from.id ?? '');
    setTo(transfer?.to.id ?? '');
    setNote(transfer?.note ?? '');
    setLines(
      (transfer?.lines ?? []).flatMap((line) =>
        line.productId ? [{ ...line, productId: line.productId, quantity: line.quantity }] : [],
      ),
    );
    setSearch('');
    setProductId('');
    setFailure(null);
  }, [open, transfer]);

  const active = (locations.data ?? []).filter((location) => location.active);
  const options = active.map((location) => ({ value: location._id, label: location.name }));
  const units = Number(quantity);
  const candidate: Line | null =
    product && size && color && Number.isInteger(units) && units >= 1
      ? { productId: product.id, productName: product.name, size, color, quantity: units }
      : null;

  const addLine = () => {
    if (!candidate) return;
    // The same size/colour twice adds up on one line.
    setLines((current) =>
      current.some((line) => sameVariant(line, candidate))
        ? current.map((line) =>
            sameVariant(line, candidate) ? { ...line, quantity: line.quantity + candidate.quantity } : line,
          )
        : [...current, candidate],
    );
    setSize('');
    setColor('');
    setQuantity('1');
  };

  const values: TransferInput = {
    fromLocationId: from,
    toLocationId: to,
    note,
    lines: lines.map(({ productId: id, size: s, color: c, quantity: q }) => ({
      productId: id,
      size: s,
      color: c,
      quantity: q,
    })),
  };
  const checked = transferInput.safeParse(values);
  const sameLocation =
    !checked.success && checked.error.issues.some((issue) => issue.path[0] === 'toLocationId') && from && to
      ? checked.error.issues.find((issue) => issue.path[0] === 'toLocationId')?.message
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checked.success) return;
    setFailure(null);
    try {
      onSaved(await save.mutateAsync({ id: transfer?.id, values }));
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to save the transfer.'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={transfer ? `Edit ${transfer.number}` : 'New transfer'}
        description="Move units of sizes and colours from one location to another."
        size="lg"
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="From" htmlFor="transfer-from" required>
              <Select
                id="transfer-from"
                value={from}
                placeholder={locations.isPending ? 'Loading locations...' : 'Select a location'}
                options={options}
                onChange={(event) => setFrom(event.target.value)}
              />
            </FormField>
            <FormField label="To" htmlFor="transfer-to" required error={sameLocation}>
              <Select
                id="transfer-to"
                value={to}
                aria-invalid={Boolean(sameLocation)}
                placeholder={locations.isPending ? 'Loading locations...' : 'Select a location'}
                options={options}
                onChange={(event) => setTo(event.target.value)}
              />
            </FormField>
          </div>

          <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">Lines</legend>
            <SearchBox
              value={search}
              delayMs={DEBOUNCE_MS.products}
              placeholder="Search a product by name or SKU..."
              onDebouncedChange={(text) => {
                setSearch(text);
                setProductId('');
              }}
            />
            {search ? (
              <FormField label="Product" htmlFor="transfer-product">
                <Select
                  id="transfer-product"
                  value={productId}
                  placeholder={
                    products.isFetching ? 'Searching...' : found.length ? 'Select a product' : 'No product found'
                  }
                  options={found.map((p) => ({ value: p.id, label: `${p.name} (${p.sku})` }))}
                  onChange={(event) => {
                    setProductId(event.target.value);
                    setSize('');
                    setColor('');
                  }}
                />
              </FormField>
            ) : null}
            {product ? (
              <div className="grid gap-3 sm:grid-cols-[1fr_100px_auto] sm:items-end">
                <VariantPicker
                  inventory={product.inventory}
                  size={size}
                  color={color}
                  onSizeChange={(next) => {
                    setSize(next);
                    setColor('');
                  }}
                  onColorChange={setColor}
                  idPrefix="transfer-line"
                />
                <FormField label="Units" htmlFor="transfer-units">
                  <Input
                    id="transfer-units"
                    type="number"
                    min={1}
                    step={1}
                    value={quantity}
                    onChange={(event) => setQuantity(event.target.value)}
                  />
                </FormField>
                <Button type="button" variant="outline" disabled={!candidate} onClick={addLine}>
                  <Plus className="size-4" aria-hidden /> Add line
                </Button>
              </div>
            ) : null}
            {lines.length === 0 ? (
              <p className="text-sm text-muted-foreground">No lines yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Transfer lines">
                {lines.map((line) => (
                  <li key={`${line.productId}/${line.size}/${line.color}`} className="flex items-center gap-3 py-2">
                    <span className="flex-1 text-sm text-slate-900">
                      {line.productName}{' '}
                      <span className="text-muted-foreground">
                        ({line.size}/{line.color})
                      </span>
                    </span>
                    <span className="text-sm tabular-nums">{line.quantity} units</span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${line.productName} (${line.size}/${line.color})`}
                      onClick={() => setLines((current) => current.filter((other) => !sameVariant(other, line)))}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>

          <FormField label="Note" htmlFor="transfer-note">
            <Textarea id="transfer-note" rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
          <FormDialogActions
            failure={failure}
            pending={save.isPending}
            submitLabel={transfer ? 'Save draft' : 'Create draft'}
            pendingLabel="Saving..."
            submitDisabled={!checked.success}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
