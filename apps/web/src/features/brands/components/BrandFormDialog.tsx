import { zodResolver } from '@hookform/resolvers/zod';
import { type Brand, createBrandInput, TOAST_MS } from '@seamline/shared';
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
import { useCreateBrand, useUpdateBrand, useUploadBrandLogo } from '../api';

type FormInput = z.input<typeof createBrandInput>;
type FormOutput = z.output<typeof createBrandInput>;

export type BrandFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The brand to edit; none means "Add New Brand". */
  brand: Brand | null;
  onCreated?: () => void;
};

export const UPLOAD_LOGO_FAILED = 'Failed to upload logo. Please try again.';

/** Add New Brand / Edit Brand: name, description, website and logo (spec part 2 §2.11, §5, §8). */
export function BrandFormDialog({ open, onOpenChange, brand, onCreated }: BrandFormDialogProps) {
  const toast = useToast(TOAST_MS.brands);
  const create = useCreateBrand();
  const update = useUpdateBrand();
  const upload = useUploadBrandLogo();
  const [logo, setLogo] = useState<PictureChoice>(KEEP_PICTURE);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createBrandInput),
    // Messages show on blur as well as while typing, so a disabled submit always comes with its reason.
    mode: 'all',
    defaultValues: { name: '', description: '', website: '' },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const editing = brand !== null;

  useEffect(() => {
    if (!open) return;
    form.reset({ name: brand?.name ?? '', description: brand?.description ?? '', website: brand?.website ?? '' });
    setLogo(KEEP_PICTURE);
  }, [open, brand, form]);

  /** Stores the chosen file; false when the upload failed (the toast says so). */
  const uploadLogo = async (id: string): Promise<boolean> => {
    if (!logo.file) return true;
    try {
      await upload.mutateAsync({ id, file: logo.file });
      return true;
    } catch {
      toast.error(UPLOAD_LOGO_FAILED);
      return false;
    }
  };

  const submit = form.handleSubmit(async (values) => {
    if (!brand) {
      let created: Brand;
      try {
        created = await create.mutateAsync(values);
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to add brand.'));
        return;
      }
      await uploadLogo(created._id);
      toast.success('Brand added successfully');
      onCreated?.();
      onOpenChange(false);
      return;
    }
    try {
      await update.mutateAsync({ id: brand._id, input: { ...values, ...(logo.removed ? { logo: null } : {}) } });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update brand.'));
      return;
    }
    if (!(await uploadLogo(brand._id))) return;
    toast.success('Brand updated successfully');
    onOpenChange(false);
  });

  const name = form.watch('name');
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent
        title={editing ? 'Edit Brand' : 'Add New Brand'}
        description={editing ? 'Change the name, description, website or logo.' : 'Add a brand your products carry.'}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <FormField label="Name" htmlFor="brand-name" required error={errors.name?.message}>
            <Input
              id="brand-name"
              autoFocus
              placeholder="e.g. Northwind"
              aria-invalid={!!errors.name || undefined}
              {...form.register('name')}
            />
          </FormField>
          <FormField label="Description" htmlFor="brand-description" error={errors.description?.message}>
            <Textarea
              id="brand-description"
              rows={3}
              placeholder="What the brand is known for"
              aria-invalid={!!errors.description || undefined}
              {...form.register('description')}
            />
          </FormField>
          <FormField label="Website" htmlFor="brand-website" error={errors.website?.message}>
            <Input
              id="brand-website"
              type="url"
              inputMode="url"
              placeholder="https://www.example.com"
              aria-invalid={!!errors.website || undefined}
              {...form.register('website')}
            />
          </FormField>
          <PictureField
            label="Logo"
            name={name}
            seed={brand?._id ?? name}
            current={brand?.logo ?? null}
            value={logo}
            onChange={setLogo}
            fit="contain"
            disabled={isSubmitting}
          />
          <DialogFooter className="mt-1">
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isValid} loading={isSubmitting}>
              {editing ? (isSubmitting ? 'Updating...' : 'Update Brand') : isSubmitting ? 'Adding...' : 'Add Brand'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
