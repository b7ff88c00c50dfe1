import {
  type Brand,
  brandContracts,
  brandNames,
  type Category,
  categoryContracts,
  categoryNames,
  createBrandInput,
  createCategoryInput,
  type listCategoriesQuery,
  type Pagination,
  type StoredImageView,
} from '@seamline/shared';
import type { LucideIcon } from 'lucide-react';
import { Store, Tags } from 'lucide-react';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

/** What the form edits: a category's fields, and for a brand its website too. */
export type TaxonomyFormInput = z.input<typeof createBrandInput>;
export type TaxonomyFormValues = z.output<typeof createCategoryInput> &
  Partial<Pick<z.output<typeof createBrandInput>, 'website'>>;

/**
 * One kind of taxonomy as the screen sees it: the contract's words, the texts that are not built from them, and
 * its calls. Each call is written against its own contract, so every answer is typed by it.
 */
export type TaxonomyKind<Item extends Category | Brand> = {
  names: typeof categoryNames | typeof brandNames;
  icon: LucideIcon;
  /** Logos are shown whole on white; category images fill their frame. */
  pictureFit: 'cover' | 'contain';
  texts: {
    description: string;
    addDescription: string;
    editDescription: string;
    namePlaceholder: string;
    descriptionPlaceholder: string;
  };
  /** The form's schema (the create body), so its messages are the server's. */
  form: z.ZodType<TaxonomyFormValues, TaxonomyFormInput>;
  /** Brands edit a website; categories have none. */
  hasWebsite: boolean;
  formValues(item: Item | null): TaxonomyFormInput;
  picture(item: Item): StoredImageView | null;
  website(item: Item): string | null | undefined;
  list(
    query: z.input<typeof listCategoriesQuery>,
    signal: AbortSignal,
  ): Promise<{ items: Item[]; pagination: Pagination }>;
  create(values: TaxonomyFormValues): Promise<Item>;
  /** Saves the fields; `removePicture` clears the current picture. */
  update(id: string, values: TaxonomyFormValues, removePicture: boolean): Promise<Item>;
  remove(id: string): Promise<unknown>;
  uploadPicture(id: string, form: FormData): Promise<unknown>;
};

export const categoryKind: TaxonomyKind<Category> = {
  names: categoryNames,
  icon: Tags,
  pictureFit: 'cover',
  texts: {
    description: 'Organize products into categories that shoppers can browse.',
    addDescription: 'Create a category to group products.',
    editDescription: 'Change the name, description or image.',
    namePlaceholder: 'e.g. Outerwear',
    descriptionPlaceholder: 'What belongs in this category',
  },
  form: createCategoryInput,
  hasWebsite: false,
  formValues: (item) => ({ name: item?.name ?? '', description: item?.description ?? '' }),
  picture: (item) => item.image,
  website: () => undefined,
  list: async (query, signal) => {
    const { data } = await api.call(categoryContracts.list, { query, signal });
    return { items: data.categories, pagination: data.pagination };
  },
  create: async (body) => (await api.call(categoryContracts.create, { body })).data.category,
  update: async (id, values, removePicture) =>
    (
      await api.call(categoryContracts.update, {
        params: { id },
        body: { ...values, ...(removePicture ? { image: null } : {}) },
      })
    ).data.category,
  remove: (id) => api.call(categoryContracts.remove, { params: { id } }),
  uploadPicture: (id, body) => api.call(categoryContracts.uploadPicture, { params: { id }, body }),
};

export const brandKind: TaxonomyKind<Brand> = {
  names: brandNames,
  icon: Store,
  pictureFit: 'contain',
  texts: {
    description: 'Manage the brands your products carry.',
    addDescription: 'Add a brand your products carry.',
    editDescription: 'Change the name, description, website or logo.',
    namePlaceholder: 'e.g. Northwind',
    descriptionPlaceholder: 'What the brand is known for',
  },
  form: createBrandInput,
  hasWebsite: true,
  formValues: (item) => ({
    name: item?.name ?? '',
    description: item?.description ?? '',
    website: item?.website ?? '',
  }),
  picture: (item) => item.logo,
  website: (item) => item.website,
  list: async (query, signal) => {
    const { data } = await api.call(brandContracts.list, { query, signal });
    return { items: data.brands, pagination: data.pagination };
  },
  create: async (body) => (await api.call(brandContracts.create, { body })).data.brand,
  update: async (id, values, removePicture) =>
    (
      await api.call(brandContracts.update, {
        params: { id },
        body: { ...values, ...(removePicture ? { logo: null } : {}) },
      })
    ).data.brand,
  remove: (id) => api.call(brandContracts.remove, { params: { id } }),
  uploadPicture: (id, body) => api.call(brandContracts.uploadPicture, { params: { id }, body }),
};
