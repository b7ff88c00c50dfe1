import { zodResolver } from '@hookform/resolvers/zod';
import { type Brand, type Category, TOAST_MS } from '@seamline/shared';
import { Button, Dialog, DialogContent, DialogFooter, FormField, Input, Textarea, useToast } from '@seamline/ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { KEEP_PICTURE, type PictureChoice, PictureField } from '../../../components/taxonomy/PictureField';
import { errorMessage } from '../../../lib/api-client';
import { useCreateTaxonomy, useUpdateTaxonomy, useUploadTaxonomyPicture } from '../api';
import type { TaxonomyFormInput, TaxonomyFormValues, TaxonomyKind } from '../kinds';

export type TaxonomyFormDialogProps<T extends Category | Brand> = {
  kind: TaxonomyKind<T>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The one to edit; none means "Add New Category" / "Add New Brand". */
  item: T | null;
  /** After a new one was created (the list goes back to its first page). */
  onCreated?: () => void;
};

/** 'Failed to upload image. Please try again.' / 'Failed to upload logo. Please try again.' */
const uploadFailedMessage = (picture: string) => `Failed to upload ${picture}. Please try again.`;

/**
 * Add / Edit Category and Add / Edit Brand: name, description, (for brands) website, and image or logo
 * (the specification).
 */
export function TaxonomyFormDialog<T extends Category | Brand>({
  kind,
  open,
  onOpenChange,
  item,
  onCreated,
}: TaxonomyFormDialogProps<T>) {
  const { one, many, picture: pictureName, One, Picture } = kind.names;
  const toast = useToast(TOAST_MS[many]);
  const create = useCreateTaxonomy(kind);
  const update = useUpdateTaxonomy(kind);
  const upload = useUploadTaxonomyPicture(kind);
  const [picture, setPicture] = useState<PictureChoice>(KEEP_PICTURE);
  const form = useForm<TaxonomyFormInput, unknown, TaxonomyFormValues>({
    resolver: zodResolver(kind.form),
    // Messages show on blur as well as while typing, so a disabled submit always comes with its reason.
    mode: 'all',
    defaultValues: kind.formValues(null),
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const editing = item !== null;

  useEffect(() => {
    if (!open) return;
    form.reset(kind.formValues(item));
    setPicture(KEEP_PICTURE);
  }, [open, item, form, kind]);

  /** Stores the chosen file; false when the upload failed (the toast says so). */
  const uploadPicture = async (id: string): Promise<boolean> => {
    if (!picture.file) return true;
    try {
      await upload.mutateAsync({ id, file: picture.file });
      return true;
    } catch {
      toast.error(uploadFailedMessage(pictureName));
      return false;
    }
  };

  const submit = form.handleSubmit(async (values) => {
    if (!item) {
      let created: T;
      try {
        created = await create.mutateAsync(values);
      } catch (error) {
        toast.error(errorMessage(error, `Failed to add ${one}.`));
        return;
      }
      await uploadPicture(created._id);
      toast.success(`${One} added successfully`);
      onCreated?.();
      onOpenChange(false);
      return;
    }
    try {
      await update.mutateAsync({ id: item._id, values, removePicture: picture.removed });
    } catch (error) {
      toast.error(errorMessage(error, `Failed to update ${one}.`));
      return;
    }
    if (!(await uploadPicture(item._id))) return;
    toast.success(`${One} updated successfully`);
    onOpenChange(false);
  });

  const name = form.watch('name');
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent
        title={editing ? `Edit ${One}` : `Add New ${One}`}
        description={editing ? kind.texts.editDescription : kind.texts.addDescription}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <FormField label="Name" htmlFor={`${one}-name`} required error={errors.name?.message}>
            <Input
              id={`${one}-name`}
              autoFocus
              placeholder={kind.texts.namePlaceholder}
              aria-invalid={!!errors.name || undefined}
              {...form.register('name')}
            />
          </FormField>
          <FormField label="Description" htmlFor={`${one}-description`} error={errors.description?.message}>
            <Textarea
              id={`${one}-description`}
              rows={3}
              placeholder={kind.texts.descriptionPlaceholder}
              aria-invalid={!!errors.description || undefined}
              {...form.register('description')}
            />
          </FormField>
          {kind.hasWebsite ? (
            <FormField label="Website" htmlFor={`${one}-website`} error={errors.website?.message}>
              <Input
                id={`${one}-website`}
                type="url"
                inputMode="url"
                placeholder="https://www.example.com"
                aria-invalid={!!errors.website || undefined}
                {...form.register('website')}
              />
            </FormField>
          ) : null}
          <PictureField
            label={Picture}
            name={name}
            seed={item?._id ?? name}
            current={item ? kind.picture(item) : null}
            value={picture}
            onChange={setPicture}
            fit={kind.pictureFit}
            disabled={isSubmitting}
          />
          <DialogFooter className="mt-1">
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isValid} loading={isSubmitting}>
              {editing ? (isSubmitting ? 'Updating...' : `Update ${One}`) : isSubmitting ? 'Adding...' : `Add ${One}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
