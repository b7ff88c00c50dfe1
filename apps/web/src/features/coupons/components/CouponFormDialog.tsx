import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUPON_DEFAULTS,
  COUPON_NAME_MAX,
  type CouponFormValues,
  type CouponInput,
  couponInput,
} from '@seamline/shared';
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  Label,
  Select,
  Textarea,
} from '@seamline/ui';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { type Coupon, useSaveCoupon } from '../api';

const TYPE_OPTIONS = [
  { value: 'percentage', label: 'Percentage' },
  { value: 'fixed', label: 'Fixed Amount' },
  { value: 'free_shipping', label: 'Free Shipping' },
];
const DAY_MS = 86_400_000;
const dateOnly = (date: Date) => date.toISOString().slice(0, 10);
// Empty number inputs become undefined (required → the spec's message) or null (optional amounts).
const requiredNumber = (v: unknown) => (v === '' || v === null ? undefined : Number(v));
const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** The spec's create defaults: percentage, value 0, 100 uses, 1 per user, active, today … +30 days. */
function defaults(coupon?: Coupon): CouponFormValues {
  if (coupon) {
    return {
      name: coupon.name,
      description: coupon.description,
      type: coupon.type,
      value: coupon.value,
      usageLimit: coupon.usageLimit,
      userUsageLimit: coupon.userUsageLimit,
      isActive: coupon.isActive,
      firstTimeUserOnly: coupon.firstTimeUserOnly,
      startDate: coupon.startDate.slice(0, 10),
      endDate: coupon.endDate.slice(0, 10),
      minOrderAmount: coupon.minOrderAmount,
      maxDiscount: coupon.maxDiscount,
    };
  }
  const today = new Date();
  return {
    name: '',
    description: '',
    type: COUPON_DEFAULTS.type,
    value: COUPON_DEFAULTS.value,
    usageLimit: COUPON_DEFAULTS.usageLimit,
    userUsageLimit: COUPON_DEFAULTS.userUsageLimit,
    isActive: COUPON_DEFAULTS.isActive,
    firstTimeUserOnly: COUPON_DEFAULTS.firstTimeUserOnly,
    startDate: dateOnly(today),
    endDate: dateOnly(new Date(today.getTime() + COUPON_DEFAULTS.validityDays * DAY_MS)),
    minOrderAmount: null,
    maxDiscount: null,
  };
}

type Props = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The coupon being edited; absent for Add New Coupon. */
  coupon?: Coupon;
  onSaved(coupon: Coupon): void;
};

/** Add New Coupon / Edit Coupon. The code is assigned by the server, so the form has no code field. */
export function CouponFormDialog({ open, onOpenChange, coupon, onSaved }: Props) {
  const save = useSaveCoupon();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CouponFormValues, unknown, CouponInput>({
    resolver: zodResolver(couponInput),
    // Each field shows its message on blur as well as while typing, whatever the other fields hold.
    mode: 'all',
    defaultValues: defaults(coupon),
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const name = form.watch('name') ?? '';
  const type = form.watch('type');

  useEffect(() => {
    if (open) {
      form.reset(defaults(coupon));
      setFailure(null);
    }
  }, [open, coupon, form]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSaved(await save.mutateAsync({ id: coupon?.id, values }));
    } catch (error) {
      setFailure(errorMessage(error, coupon ? 'Failed to update coupon.' : 'Failed to add coupon.'));
    }
  });
  const saving = isSubmitting || save.isPending;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={coupon ? 'Edit Coupon' : 'Add New Coupon'} size="lg">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {failure ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {failure}
            </p>
          ) : null}
          <FormField
            label="Coupon Name"
            htmlFor="coupon-name"
            required
            error={errors.name?.message}
            aside={
              <span className="text-xs text-slate-500" data-testid="name-counter">
                {name.length}/{COUPON_NAME_MAX}
              </span>
            }
          >
            <Input id="coupon-name" aria-invalid={Boolean(errors.name)} {...form.register('name')} />
          </FormField>
          <FormField label="Description" htmlFor="coupon-description" error={errors.description?.message}>
            <Textarea
              id="coupon-description"
              rows={2}
              aria-invalid={Boolean(errors.description)}
              {...form.register('description')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Type" htmlFor="coupon-type" required>
              <Select
                id="coupon-type"
                options={TYPE_OPTIONS}
                {...form.register('type', { onChange: () => form.trigger('value') })}
              />
            </FormField>
            <FormField
              label={type === 'percentage' ? 'Value (%)' : 'Value ($)'}
              htmlFor="coupon-value"
              required
              error={errors.value?.message}
            >
              <Input
                id="coupon-value"
                type="number"
                step="0.01"
                min="0"
                aria-invalid={Boolean(errors.value)}
                {...form.register('value', { setValueAs: requiredNumber })}
              />
            </FormField>
            <FormField label="Usage Limit" htmlFor="coupon-usage-limit" required error={errors.usageLimit?.message}>
              <Input
                id="coupon-usage-limit"
                type="number"
                min="1"
                aria-invalid={Boolean(errors.usageLimit)}
                {...form.register('usageLimit', { setValueAs: requiredNumber })}
              />
            </FormField>
            <FormField
              label="Uses per Customer"
              htmlFor="coupon-user-limit"
              required
              error={errors.userUsageLimit?.message}
            >
              <Input
                id="coupon-user-limit"
                type="number"
                min="1"
                aria-invalid={Boolean(errors.userUsageLimit)}
                {...form.register('userUsageLimit', { setValueAs: requiredNumber })}
              />
            </FormField>
            <FormField label="Minimum Order ($)" htmlFor="coupon-min-order" error={errors.minOrderAmount?.message}>
              <Input
                id="coupon-min-order"
                type="number"
                step="0.01"
                min="0"
                {...form.register('minOrderAmount', { setValueAs: optionalNumber })}
              />
            </FormField>
            <FormField label="Maximum Discount ($)" htmlFor="coupon-max-discount" error={errors.maxDiscount?.message}>
              <Input
                id="coupon-max-discount"
                type="number"
                step="0.01"
                min="0"
                {...form.register('maxDiscount', { setValueAs: optionalNumber })}
              />
            </FormField>
            <FormField label="Start Date" htmlFor="coupon-start" required error={errors.startDate?.message}>
              <Input
                id="coupon-start"
                type="date"
                aria-invalid={Boolean(errors.startDate)}
                {...form.register('startDate', { onChange: () => form.trigger('endDate') })}
              />
            </FormField>
            <FormField label="End Date" htmlFor="coupon-end" required error={errors.endDate?.message}>
              <Input
                id="coupon-end"
                type="date"
                aria-invalid={Boolean(errors.endDate)}
                {...form.register('endDate', { onChange: () => form.trigger('startDate') })}
              />
            </FormField>
          </div>
          <div className="flex flex-wrap gap-6">
            <BooleanField form={form} name="isActive" label="Active" />
            <BooleanField form={form} name="firstTimeUserOnly" label="First-time customers only" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isValid || saving} loading={saving}>
              {coupon ? 'Update Coupon' : 'Add Coupon'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function BooleanField({
  form,
  name,
  label,
}: {
  form: ReturnType<typeof useForm<CouponFormValues, unknown, CouponInput>>;
  name: 'isActive' | 'firstTimeUserOnly';
  label: string;
}) {
  const id = `coupon-${name}`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-2">
          <Checkbox id={id} checked={Boolean(field.value)} onCheckedChange={(v) => field.onChange(v === true)} />
          <Label htmlFor={id}>{label}</Label>
        </div>
      )}
    />
  );
}
