import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateWebhookBody, createWebhookBody, EVENT_TYPES, type EventType, eventArea } from '@seamline/shared';
import { Button, Checkbox, Dialog, DialogContent, DialogFooter, FormField, Input, Label, Textarea } from '@seamline/ui';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import type { WebhookEndpoint } from '../api';

type FormInput = z.input<typeof createWebhookBody>;
type FormOutput = z.output<typeof createWebhookBody>;

/** Event types by area (order, product…), in the order they are listed. */
const AREAS = EVENT_TYPES.reduce<Record<string, EventType[]>>((groups, type) => {
  const area = eventArea(type);
  groups[area] = [...(groups[area] ?? []), type];
  return groups;
}, {});

const defaults = (endpoint?: WebhookEndpoint): FormInput => ({
  url: endpoint?.url ?? '',
  description: endpoint?.description ?? '',
  topics: endpoint?.topics ?? [],
});

type Props = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The endpoint being edited; absent when adding one. */
  endpoint?: WebhookEndpoint;
  /** Saves the values; throws with the server's refusal (shown in the dialog). */
  onSubmit(values: CreateWebhookBody): Promise<void>;
};

/** Add / edit a webhook endpoint: its URL, a description and the event types it receives. */
export function WebhookFormDialog({ open, onOpenChange, endpoint, onSubmit }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createWebhookBody),
    mode: 'all',
    defaultValues: defaults(endpoint),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(defaults(endpoint));
      setFailure(null);
    }
  }, [open, endpoint, form]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(errorMessage(error, 'The endpoint could not be saved.'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={endpoint ? 'Edit Webhook Endpoint' : 'Add Webhook Endpoint'} size="lg">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {failure ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {failure}
            </p>
          ) : null}
          <FormField label="Endpoint URL" htmlFor="webhook-url" required error={errors.url?.message}>
            <Input
              id="webhook-url"
              type="url"
              placeholder="https://example.com/hooks"
              aria-invalid={Boolean(errors.url)}
              {...form.register('url')}
            />
          </FormField>
          <FormField label="Description" htmlFor="webhook-description" error={errors.description?.message}>
            <Textarea id="webhook-description" rows={2} {...form.register('description')} />
          </FormField>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium text-slate-900">Events</legend>
            <Controller
              control={form.control}
              name="topics"
              render={({ field }) => (
                <div className="grid gap-4 sm:grid-cols-2">
                  {Object.entries(AREAS).map(([area, types]) => (
                    <fieldset key={area} className="flex flex-col gap-1.5">
                      <legend className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{area}</legend>
                      {types.map((type) => {
                        const id = `topic-${type}`;
                        const checked = field.value.includes(type);
                        return (
                          <div key={type} className="flex items-center gap-2">
                            <Checkbox
                              id={id}
                              checked={checked}
                              onCheckedChange={(next) =>
                                field.onChange(
                                  next === true ? [...field.value, type] : field.value.filter((t) => t !== type),
                                )
                              }
                            />
                            <Label htmlFor={id} className="font-mono text-xs">
                              {type}
                            </Label>
                          </div>
                        );
                      })}
                    </fieldset>
                  ))}
                </div>
              )}
            />
            {errors.topics ? (
              <p role="alert" className="text-sm text-red-600">
                {errors.topics.message}
              </p>
            ) : null}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {endpoint ? 'Save Changes' : 'Add Endpoint'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
