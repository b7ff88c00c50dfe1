import { type FieldErrors, type FieldValues, get, type Path, type UseFormRegister } from 'react-hook-form';

type FormLike<T extends FieldValues> = { register: UseFormRegister<T>; formState: { errors: FieldErrors<T> } };

/** The id of a form's control: `${idPrefix}-${name}`, the `htmlFor` its FormField gives the label. */
export const controlId = (idPrefix: string, name: string) => `${idPrefix}-${name}`;

/** The validation message of a field (nested names such as `address.city` too), for FormField's `error`. */
export function fieldError<T extends FieldValues>(form: FormLike<T>, name: Path<T>): string | undefined {
  const error: { message?: unknown } | undefined = get(form.formState.errors, name);
  return typeof error?.message === 'string' ? error.message : undefined;
}

/**
 * The props that tie a react-hook-form control to its FormField: the id the label points at, `aria-invalid` and
 * `aria-describedby` naming the error text FormField renders (`${id}-error`), and `register`'s handlers.
 * `const field = controlProps(form, useId())` then `<Input {...field('email')} />`.
 */
export function controlProps<T extends FieldValues>(form: FormLike<T>, idPrefix: string) {
  return (name: Path<T>) => {
    const id = controlId(idPrefix, name);
    const invalid = fieldError(form, name) !== undefined;
    return {
      id,
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': invalid ? `${id}-error` : undefined,
      ...form.register(name),
    };
  };
}
