import { zodResolver } from '@hookform/resolvers/zod';
import { LOCATION_KINDS, type LocationInput, locationInput } from '@seamline/shared';
import {
  Checkbox,
  controlProps,
  Dialog,
  DialogContent,
  FormDialogActions,
  FormField,
  Input,
  Label,
  Select,
} from '@seamline/ui';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { type LocationListItem, useSaveLocation } from '../api';

type Values = z.input<typeof locationInput>;
type Saved = z.output<typeof locationInput>;

export const KIND_LABELS: Record<(typeof LOCATION_KINDS)[number], string> = { warehouse: 'Warehouse', shop: 'Shop' };
const KIND_OPTIONS = LOCATION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));
const EMPTY: Values = { name: '', kind: 'warehouse', address: '', shipsOnline: true, pickup: false };

const valuesOf = (location?: LocationListItem): Values =>
  location
    ? {
        name: location.name,
        kind: location.kind,
        address: location.address,
        shipsOnline: location.shipsOnline,
        pickup: location.pickup,
      }
    : EMPTY;

export type LocationFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The location being edited; absent for Add location. */
  location?: LocationListItem;
  onSaved: (name: string) => void;
};

/** Add location / Edit location: the shared schema's rules and messages, the server's refusal in the dialog. */
export function LocationFormDialog({ open, onOpenChange, location, onSaved }: LocationFormDialogProps) {
  const id = useId();
  const save = useSaveLocation();
  const form = useForm<Values, unknown, Saved>({
    resolver: zodResolver(locationInput),
    mode: 'onTouched',
    defaultValues: valuesOf(location),
  });
  const { errors } = form.formState;
  const { reset: resetForm } = form;
  const { reset: resetMutation } = save;

  useEffect(() => {
    if (open) {
      resetForm(valuesOf(location));
      resetMutation();
    }
  }, [open, location, resetForm, resetMutation]);

  const submit = form.handleSubmit(async (values: LocationInput) => {
    try {
      await save.mutateAsync({ id: location?._id, values });
      onSaved(values.name.trim());
    } catch {
      // Shown inside the dialog from the mutation's error.
    }
  });
  const close = (next: boolean) => {
    if (!save.isPending) onOpenChange(next);
  };
  const field = controlProps(form, id);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={location ? 'Edit location' : 'Add location'}
        description="A warehouse or shop that holds stock."
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label="Name" htmlFor={`${id}-name`} error={errors.name?.message} required>
            <Input autoComplete="off" placeholder="Canal Street shop" {...field('name')} />
          </FormField>
          <FormField label="Kind" htmlFor={`${id}-kind`} error={errors.kind?.message} required>
            <Select options={KIND_OPTIONS} {...field('kind')} />
          </FormField>
          <FormField label="Address" htmlFor={`${id}-address`} error={errors.address?.message}>
            <Input autoComplete="off" {...field('address')} />
          </FormField>
          <Flag
            form={form}
            name="shipsOnline"
            id={`${id}-shipsOnline`}
            label="Ships online orders"
            hint="Stock held where online orders are not shipped from is not sold online."
          />
          <Flag
            form={form}
            name="pickup"
            id={`${id}-pickup`}
            label="Offers pickup"
            hint="Customers may collect their orders here."
          />
          <FormDialogActions
            failure={save.error ? errorMessage(save.error, 'Failed to save the location.') : null}
            pending={save.isPending}
            submitLabel={location ? 'Save changes' : 'Add location'}
            onCancel={() => close(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Flag({
  form,
  name,
  id,
  label,
  hint,
}: {
  form: ReturnType<typeof useForm<Values, unknown, Saved>>;
  name: 'shipsOnline' | 'pickup';
  id: string;
  label: string;
  hint: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-2">
          <Checkbox
            id={id}
            className="mt-0.5"
            checked={Boolean(field.value)}
            aria-describedby={`${id}-hint`}
            onCheckedChange={(checked) => field.onChange(checked === true)}
          />
          <div className="flex flex-col gap-0.5">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          </div>
        </div>
      )}
    />
  );
}
