import {
  type BulkResult,
  PRICE_ADJUST_MODES,
  type PriceAdjustMode,
  type ProductBulkAction,
  priceAdjustment,
  TOAST_MS,
} from '@seamline/shared';
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  formatMoney,
  Input,
  Select,
  useToast,
} from '@seamline/ui';
import { useState } from 'react';
import { BulkFailures } from '../../../components/list/BulkFailures';
import { BulkJobProgress } from '../../../components/list/BulkJobProgress';
import { errorMessage } from '../../../lib/api-client';
import { productQueries, useCatalogueOptions } from '../api';
import { useBulkProducts } from '../bulk-api';
import type { ProductFilter } from '../product-filters';

export type BulkProductKind = ProductBulkAction['type'];

const TITLES: Record<BulkProductKind, { title: string; verb: string; button: string }> = {
  activate: { title: 'Activate Products', verb: 'activated', button: 'Activate' },
  deactivate: { title: 'Deactivate Products', verb: 'deactivated', button: 'Deactivate' },
  delete: { title: 'Delete Products', verb: 'deleted', button: 'Delete' },
  set_category: { title: 'Change Category', verb: 'moved', button: 'Change Category' },
  set_brand: { title: 'Change Brand', verb: 'moved', button: 'Change Brand' },
  adjust_price: { title: 'Adjust Prices', verb: 'repriced', button: 'Apply Prices' },
  add_tags: { title: 'Add Tags', verb: 'tagged', button: 'Add Tags' },
};
const MODE_LABELS: Record<PriceAdjustMode, string> = { percent: 'By percentage (%)', amount: 'By amount ($)' };

type Props = {
  kind: BulkProductKind | null;
  onOpenChange: (open: boolean) => void;
  count: number;
  selection: { ids: string[] } | { filter: ProductFilter & { search?: string } };
  onDone: () => void;
};

/**
 * One dialog per bulk product action: its inputs, a preview of old → new prices for a price change (a dry run on the
 * server, answered at once), one confirming request that queues the job, a progress bar, then a summary toast and the
 * rows that failed with why.
 */
export function BulkProductDialog({ kind, onOpenChange, count, selection, onDone }: Props) {
  const toast = useToast(TOAST_MS.products);
  const bulk = useBulkProducts();
  const options = useCatalogueOptions(kind === 'set_category' || kind === 'set_brand');
  const [target, setTarget] = useState('');
  const [tags, setTags] = useState('');
  const [mode, setMode] = useState<PriceAdjustMode>('percent');
  const [value, setValue] = useState('');
  const [preview, setPreview] = useState<BulkResult | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setTarget('');
    setTags('');
    setValue('');
    setPreview(null);
    setJobId(null);
    setEnded(false);
    setError(null);
  };
  const close = (open: boolean) => {
    // What was acted on is let go once the dialog of its job closes (the count stays in the dialog until then).
    if (!open && jobId) onDone();
    if (!open) reset();
    onOpenChange(open);
  };

  /** The action from the inputs, or a message saying what is missing. */
  const action = (): ProductBulkAction | string => {
    switch (kind) {
      case 'set_category':
        return target ? { type: kind, categoryId: target } : 'Select a category';
      case 'set_brand':
        return target ? { type: kind, brandId: target } : 'Select a brand';
      case 'add_tags': {
        const list = tags
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean);
        return list.length ? { type: kind, tags: list } : 'Enter at least one tag';
      }
      case 'adjust_price': {
        const parsed = priceAdjustment.safeParse({ mode, value: value.trim() === '' ? Number.NaN : Number(value) });
        return parsed.success ? { type: kind, adjustment: parsed.data } : (parsed.error.issues[0]?.message ?? '');
      }
      default:
        return { type: kind ?? 'activate' };
    }
  };

  const send = (dryRun: boolean) => {
    const chosen = action();
    if (typeof chosen === 'string') {
      setError(chosen);
      return;
    }
    setError(null);
    bulk.mutate(
      { selection, action: chosen, dryRun },
      {
        onSuccess: (answer) => {
          if ('job' in answer) setJobId(answer.job.id);
          else setPreview(answer);
        },
        onError: (failure) => toast.error(errorMessage(failure, 'Bulk action failed')),
      },
    );
  };

  // The dialog stays with the job's outcome (done, or the failures with why) until it is closed.
  const end = () => setEnded(true);

  if (!kind) return null;
  const text = TITLES[kind];
  const needsPreview = kind === 'adjust_price' && !preview;
  return (
    <Dialog open onOpenChange={close}>
      <DialogContent
        title={text.title}
        description={`${count} ${count === 1 ? 'product' : 'products'} selected.${kind === 'delete' ? ' Deleting removes them with their stock and images for good.' : ''}`}
        size={kind === 'adjust_price' ? 'lg' : 'md'}
      >
        {jobId ? (
          <BulkJobProgress
            jobId={jobId}
            noun={{ one: 'product', many: 'products' }}
            verb={text.verb}
            toastMs={TOAST_MS.products}
            refresh={productQueries.all}
            onEnd={end}
          />
        ) : (
          <div className="flex flex-col gap-4">
            {kind === 'set_category' || kind === 'set_brand' ? (
              <FormField
                label={kind === 'set_category' ? 'Category' : 'Brand'}
                htmlFor="bulk-target"
                error={error ?? undefined}
              >
                <Select
                  id="bulk-target"
                  value={target}
                  placeholder={kind === 'set_category' ? 'Select a category' : 'Select a brand'}
                  options={(kind === 'set_category' ? options.categories : options.brands).map((o) => ({
                    value: o.id,
                    label: o.name,
                  }))}
                  onChange={(event) => setTarget(event.target.value)}
                />
              </FormField>
            ) : null}
            {kind === 'add_tags' ? (
              <FormField label="Tags" htmlFor="bulk-tags" hint="Comma separated" error={error ?? undefined}>
                <Input id="bulk-tags" value={tags} onChange={(event) => setTags(event.target.value)} />
              </FormField>
            ) : null}
            {kind === 'adjust_price' ? (
              <div className="flex flex-wrap items-start gap-3">
                <FormField label="Change" htmlFor="bulk-price-mode">
                  <Select
                    id="bulk-price-mode"
                    className="w-48"
                    value={mode}
                    options={PRICE_ADJUST_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }))}
                    onChange={(event) => {
                      setMode(event.target.value === 'amount' ? 'amount' : 'percent');
                      setPreview(null);
                    }}
                  />
                </FormField>
                <FormField
                  label={mode === 'percent' ? 'Percentage' : 'Amount'}
                  htmlFor="bulk-price-value"
                  hint="Negative lowers prices"
                  error={error ?? undefined}
                >
                  <Input
                    id="bulk-price-value"
                    type="number"
                    step="0.01"
                    className="w-32"
                    value={value}
                    onChange={(event) => {
                      setValue(event.target.value);
                      setPreview(null);
                    }}
                  />
                </FormField>
              </div>
            ) : null}
            {preview ? <PricePreview preview={preview} /> : null}
            {kind === 'activate' || kind === 'deactivate' || kind === 'delete' ? (
              <p className="text-sm text-slate-700">
                {`${text.button} ${count} ${count === 1 ? 'product' : 'products'}?`}
              </p>
            ) : null}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {ended ? 'Close' : jobId ? 'Hide' : 'Cancel'}
          </Button>
          {jobId ? null : needsPreview ? (
            <Button onClick={() => send(true)} loading={bulk.isPending}>
              Preview
            </Button>
          ) : (
            <Button
              variant={kind === 'delete' ? 'destructive' : 'primary'}
              onClick={() => send(false)}
              loading={bulk.isPending}
            >
              {text.button}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PricePreview({ preview }: { preview: BulkResult }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700" aria-live="polite">
        {`${preview.changed} ${preview.changed === 1 ? 'price' : 'prices'} will change`}
        {preview.failed ? `, ${preview.failed} refused (price must stay above 0)` : ''}
        {preview.changed > (preview.preview?.length ?? 0) ? `; the first ${preview.preview?.length ?? 0}:` : ':'}
      </p>
      <table className="w-full text-sm" aria-label="Price preview">
        <thead className="text-left text-xs text-slate-500">
          <tr>
            <th className="py-1 font-medium">Product</th>
            <th className="py-1 text-right font-medium">Old price</th>
            <th className="py-1 text-right font-medium">New price</th>
          </tr>
        </thead>
        <tbody>
          {preview.preview?.map((row) => (
            <tr key={row.id} className="border-t border-slate-100">
              <td className="py-1">{row.label}</td>
              <td className="py-1 text-right tabular-nums">{formatMoney(Number(row.before))}</td>
              <td className="py-1 text-right font-medium tabular-nums">{formatMoney(Number(row.after))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <BulkFailures result={preview} />
    </div>
  );
}
