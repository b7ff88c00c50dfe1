import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../api';

export type FieldErrors = Record<string, string>;

/** A refusal decided in the browser whose message is meant for the shopper as it is. */
export class FormError extends Error {}

/** The first message per top-level field, as the shared schema words it. */
function schemaErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's per-field messages (a 400 with `details`). */
function serverErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (error instanceof ApiError)
    for (const detail of error.details ?? []) errors[detail.field.split('.')[0] ?? ''] ??= detail.message;
  return errors;
}

/** The form's named values: text as typed, a checkbox as true or false. */
export function formValues(form: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = Object.fromEntries(
    [...new FormData(form)].map(([key, value]) => [key, String(value)]),
  );
  for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name]'))
    values[box.name] = box.checked;
  return values;
}

/**
 * One form's submit: the shared schema checks the values first (same messages as the server), then the action runs;
 * field errors go next to their fields (the first invalid field gets focus), anything else is the form's message.
 */
export function useFormSubmit<S extends z.ZodType, R>(
  schema: S,
  action: (value: z.output<S>) => Promise<R>,
  fallback: string,
): FormSubmit<R> {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [pending, setPending] = useState(false);
  const [success, setSuccess] = useState('');

  const focusFirstInvalid = (form: HTMLFormElement) =>
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  async function submit(form: HTMLFormElement, values: unknown): Promise<R | undefined> {
    setFormError('');
    setSuccess('');
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(schemaErrors(parsed.error));
      focusFirstInvalid(form);
      return undefined;
    }
    setErrors({});
    setPending(true);
    try {
      return await action(parsed.data);
    } catch (error) {
      const fields = serverErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length > 0) focusFirstInvalid(form);
      else setFormError(error instanceof FormError ? error.message : errorMessage(error, fallback));
      return undefined;
    } finally {
      setPending(false);
    }
  }
  return { errors, formError, pending, success, submit, setSuccess };
}

/** What a form component needs of `useFormSubmit`. */
export type FormSubmit<R> = {
  errors: FieldErrors;
  formError: string;
  pending: boolean;
  success: string;
  submit: (form: HTMLFormElement, values: unknown) => Promise<R | undefined>;
  setSuccess: (message: string) => void;
};
