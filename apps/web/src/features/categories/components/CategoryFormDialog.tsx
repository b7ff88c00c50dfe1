import { zodResolver } from '@hookform/resolvers/zod';
import { type Category, createCategoryInput, TOAST_MS } from '@seamline/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { KEEP_PICTURE, type PictureChoice, PictureField } from '../../../components/taxonomy/PictureField';
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  Textarea,
  useToast,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useCreateCategory, useUpdateCategory, useUploadCategoryImage } from '../api';

type FormInput = z.input<typeof createCategoryInput>;
type FormOutput = z.output<typeof createCategoryInput>;

export type CategoryFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The category to edit; none means "Add New Category". */
  category: Category | null;
  /** After a new category was created (the list goes back to its first page). */
  onCreated?: () => void;
};

export const UPLOAD_IMAGE_FAILED = 'Failed to upload image. Please try again.';

/** Add New Category / Edit Category: name, description and image (spec part 2 §2.10, §5, §8). */
export function CategoryFormDialog({ open, onOpenChange, category, onCreated }: CategoryFormDialogProps) {
  const toast = useToast(TOAST_MS.categories);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const upload = useUploadCategoryImage();
  const [picture, setPicture] = useState<PictureChoice>(KEEP_PICTURE);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createCategoryInput),
    // Messages show on blur as well as while typing, so a disabled submit always comes with its reason.
    mode: 'all',
    defaultValues: { name: '', description: '' },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const editing = category !== null;

  useEffect(() => {
    if (!open) return;
    form.reset({ name: category?.name ?? '', description: category?.description ?? '' });
    setPicture(KEEP_PICTURE);
  }, [open, category, form]);

  /** Stores the chosen file; false when the upload failed (the toast says so). */
  const uploadImage = async (id: string): Promise<boolean> => {
    if (!picture.file) return true;
    try {
      await upload.mutateAsync({ id, file: picture.file });
      return true;
    } catch {
      toast.error(UPLOAD_IMAGE_FAILED);
      return false;
    }
  };

  const submit = form.handleSubmit(async (values) => {
    if (!category) {
      let created: Category;
      try {
        created = await create.mutateAsync(values);
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to add category.'));
        return;
      }
      await uploadImage(created._id);
      toast.success('Category added successfully');
      onCreated?.();
      onOpenChange(false);
      return;
    }
    try {
      await update.mutateAsync({
        id: category._id,
        input: { ...values, ...(picture.removed ? { image: null } : {}) },
      });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update category.'));
      return;
    }
    if (!(await uploadImage(category._id))) return;
    toast.success('Category updated successfully');
    onOpenChange(false);
  });

  const name = form.watch('name');
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent
        title={editing ? 'Edit Category' : 'Add New Category'}
        description={editing ? 'Change the name, description or image.' : 'Create a category to group products.'}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <FormField label="Name" htmlFor="category-name" required error={errors.name?.message}>
            <Input
              id="category-name"
              autoFocus
              placeholder="e.g. Outerwear"
              aria-invalid={!!errors.name || undefined}
              {...form.register('name')}
            />
          </FormField>
          <FormField label="Description" htmlFor="category-description" error={errors.description?.message}>
            <Textarea
              id="category-description"
              rows={3}
              placeholder="What belongs in this category"
              aria-invalid={!!errors.description || undefined}
              {...form.register('description')}
            />
          </FormField>
          <PictureField
            label="Image"
            name={name}
            seed={category?._id ?? name}
            current={category?.image ?? null}
            value={picture}
            onChange={setPicture}
            fit="cover"
            disabled={isSubmitting}
          />
          <DialogFooter className="mt-1">
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isValid} loading={isSubmitting}>
              {editing
                ? isSubmitting
                  ? 'Updating...'
                  : 'Update Category'
                : isSubmitting
                  ? 'Adding...'
                  : 'Add Category'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
