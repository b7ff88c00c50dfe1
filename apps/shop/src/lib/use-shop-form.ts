import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, useRef, useState } from 'react';
import { type DefaultValues, type FieldErrors, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from './api';

/** A refusal decided in the browser whose message is meant for the shopper as it is. */
export class FormError extends Error {}

/** The first message of each top-level field (a list's own message included), for the fields to show. */
function messagesOf(errors: FieldErrors): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [
      field,
      typeof error?.message === 'string' ? error.message : undefined,
    ]),
  );
}

/**
 * A storefront form on react-hook-form with the shared zod schema as its resolver (the server's own messages): the
 * values are checked on submit only (an error stays until the next submit), then the action runs; field errors go next
 * to their fields and the first invalid field gets focus, anything else is the form's message.
 */
export function useShopForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  { defaultValues, fallback }: { defaultValues: DefaultValues<Input>; fallback: string },
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [formError, setFormError] = useState('');
  const [success, setSuccess] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  /** The server's per-field messages (a 400 with `details`): true when there were any. */
  function showServerErrors(error: unknown): boolean {
    if (!(error instanceof ApiError)) return false;
    const shown = new Set<string>();
    for (const detail of error.details ?? []) {
      const field = detail.field.split('.')[0] ?? '';
      if (shown.has(field)) continue;
      shown.add(field);
      form.setError(field as Path<Input>, { type: 'server', message: detail.message });
    }
    return shown.size > 0;
  }

  /** The form's submit handler: `action` gets the checked values; `onSubmitted` its answer once it succeeded. */
  function submit<R>(action: (values: Output) => Promise<R>, onSubmitted?: (answer: R) => unknown) {
    return (event?: BaseSyntheticEvent) => {
      setFormError('');
      setSuccess('');
      return form.handleSubmit(async (values) => {
        let answer: R;
        try {
          answer = await action(values);
        } catch (error) {
          if (showServerErrors(error)) focusFirstInvalid();
          else setFormError(error instanceof FormError ? error.message : errorMessage(error, fallback));
          return;
        }
        await onSubmitted?.(answer);
      }, focusFirstInvalid)(event);
    };
  }

  return {
    register: form.register,
    reset: form.reset,
    errors: messagesOf(form.formState.errors),
    pending: form.formState.isSubmitting,
    formError,
    success,
    setSuccess,
    formRef,
    submit,
  };
}

/** What a form component needs of `useShopForm`. */
export type ShopForm = Pick<ReturnType<typeof useShopForm>, 'formError' | 'success' | 'formRef'>;
