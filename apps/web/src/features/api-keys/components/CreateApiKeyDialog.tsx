import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_NAME_MAX, type ApiKeyData, type ApiKeyInput, type ApiScope, apiKeyInput } from '@seamline/shared';
import { controlProps, Dialog, DialogContent, FormDialogActions, FormField, Input } from '@seamline/ui';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { useCreateApiKey } from '../api';
import { RevealedKey } from './RevealedKey';
import { ScopePicker } from './ScopePicker';

const EMPTY: ApiKeyInput = { name: '', scopes: [], expiresOn: '' };

export type CreateApiKeyDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Create API key: name, scopes, optional expiry; then the key itself, shown this once. */
export function CreateApiKeyDialog({ open, onOpenChange }: CreateApiKeyDialogProps) {
  const id = useId();
  const create = useCreateApiKey();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<ApiKeyInput, unknown, ApiKeyData>({
    resolver: zodResolver(apiKeyInput),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const { reset: resetForm } = form;
  const { reset: resetMutation } = create;

  useEffect(() => {
    if (open) {
      resetForm(EMPTY);
      resetMutation();
      setSecret(null);
    }
  }, [open, resetForm, resetMutation]);

  const submit = form.handleSubmit(async (values) => {
    try {
      setSecret((await create.mutateAsync(values)).secret);
    } catch {
      // Shown inside the dialog from the mutation's error.
    }
  });
  // The secret is dropped as the dialog closes: it is never shown again.
  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) setSecret(null);
    onOpenChange(next);
  };
  const field = controlProps(form, id);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={secret ? 'Copy your API key' : 'Create API key'}
        description={
          secret
            ? 'Callers send it as "Authorization: Bearer …".'
            : 'For a machine caller (ERP, warehouse): it reaches only what its scopes allow.'
        }
      >
        {secret ? (
          <RevealedKey secret={secret} onDone={() => close(false)} />
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <FormField label="Name" htmlFor={`${id}-name`} error={errors.name?.message} required>
              <Input autoComplete="off" maxLength={API_KEY_NAME_MAX} placeholder="ERP sync" {...field('name')} />
            </FormField>
            <div className="flex flex-col gap-1.5">
              <Controller
                control={form.control}
                name="scopes"
                render={({ field: scopes }) => (
                  <ScopePicker
                    idPrefix={id}
                    value={(scopes.value ?? []) as ApiScope[]}
                    onChange={(next) => {
                      scopes.onChange(next);
                      scopes.onBlur();
                    }}
                    invalid={Boolean(errors.scopes)}
                  />
                )}
              />
              {errors.scopes?.message ? (
                <p id={`${id}-scopes-error`} role="alert" className="text-field-message font-medium text-danger">
                  {errors.scopes.message}
                </p>
              ) : null}
            </div>
            <FormField
              label="Expires after"
              htmlFor={`${id}-expiresOn`}
              error={errors.expiresOn?.message}
              hint="Optional: the last day (UTC) the key works. Without it, the key works until revoked."
            >
              <Input type="date" {...field('expiresOn')} />
            </FormField>
            <FormDialogActions
              failure={create.error ? errorMessage(create.error, 'Failed to create the API key.') : null}
              pending={create.isPending}
              submitLabel="Create key"
              onCancel={() => close(false)}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
