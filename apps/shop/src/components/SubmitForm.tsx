import { Notice } from '@seamline/ui';
import type { FormHTMLAttributes, ReactNode } from 'react';
import type { ShopForm } from '../lib/use-shop-form';

type SubmitFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'children'> & {
  form: ShopForm;
  /** The form's own heading, above its messages. */
  heading?: ReactNode;
  children: ReactNode;
};

/**
 * A storefront form: the browser's own validation off (the shared schemas speak instead), the form's success and error
 * messages first (live regions spanning a grid's width), then the fields. `onSubmit` is `useShopForm`'s `submit`.
 */
export function SubmitForm({ form, heading, children, ...rest }: SubmitFormProps) {
  return (
    <form noValidate ref={form.formRef} {...rest}>
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
