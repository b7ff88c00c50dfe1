import type { FormHTMLAttributes, ReactNode } from 'react';
import { type FormSubmit, formValues } from '../../lib/account/use-form-submit';
import { Notice } from '../Notice';

type SubmitFormProps<R> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> & {
  form: FormSubmit<R>;
  /** What the form sends (default: its named values). */
  read?: (element: HTMLFormElement) => unknown;
  /** After a successful answer (not called when the check or the call failed). */
  onSubmitted?: (answer: R, element: HTMLFormElement) => unknown;
  /** The form's own heading, above its messages. */
  heading?: ReactNode;
  children: ReactNode;
};

/**
 * An account form: the browser's own validation off (the shared schemas speak instead), the form's success and error
 * messages first (live regions spanning a grid's width), then the fields.
 */
export function SubmitForm<R>({
  form,
  read = formValues,
  onSubmitted,
  heading,
  children,
  ...rest
}: SubmitFormProps<R>) {
  return (
    <form
      noValidate
      {...rest}
      onSubmit={async (event) => {
        event.preventDefault();
        const element = event.currentTarget;
        const answer = await form.submit(element, read(element));
        if (answer !== undefined) await onSubmitted?.(answer, element);
      }}
    >
      {heading}
      {/* Out of the layout while both are empty (visually hidden live regions take no grid row). */}
      <div className={form.success || form.formError ? 'col-span-full flex flex-col gap-2' : 'contents'}>
        <Notice tone="success">{form.success}</Notice>
        <Notice tone="error">{form.formError}</Notice>
      </div>
      {children}
    </form>
  );
}
