import { z } from 'zod';
import { paginationView } from '../api.js';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import {
  brandView,
  categoryView,
  createBrandInput,
  createCategoryInput,
  listBrandsQuery,
  listCategoriesQuery,
  storedImageSchema,
  updateBrandInput,
  updateCategoryInput,
} from '../taxonomy.js';

/**
 * The words one kind of taxonomy uses: the answer keys (`data.category`, `data.categories`, `data.image`), the path
 * segment of its picture upload, and the same words capitalised for operation ids and messages.
 */
export type TaxonomyNames = {
  one: string;
  many: string;
  picture: string;
  One: string;
  Many: string;
  Picture: string;
};

export const categoryNames = {
  one: 'category',
  many: 'categories',
  picture: 'image',
  One: 'Category',
  Many: 'Categories',
  Picture: 'Image',
} as const satisfies TaxonomyNames;

export const brandNames = {
  one: 'brand',
  many: 'brands',
  picture: 'logo',
  One: 'Brand',
  Many: 'Brands',
  Picture: 'Logo',
} as const satisfies TaxonomyNames;

type TaxonomySpec = {
  names: TaxonomyNames;
  view: z.ZodObject;
  query: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
  createExample: unknown;
  updateExample: unknown;
};

/** `z.object({ [key]: schema })` keeping the key's literal type, so clients read `data.category`, not `data[string]`. */
function keyed<K extends string, T extends z.ZodType>(key: K, schema: T) {
  return z.object({ [key]: schema } as { [P in K]: T });
}

/**
 * Categories and brands are one family (the specification): the same six endpoints under their own path and
 * answer keys. Anyone may read (staff counts include inactive products); only admins write.
 */
export function taxonomyContracts<const S extends TaxonomySpec>(spec: S) {
  // Annotated: a property read from a generic parameter is otherwise typed by the constraint (`string`, any schema).
  type Names = S['names'];
  const view: S['view'] = spec.view;
  const one: Names['one'] = spec.names.one;
  const many: Names['many'] = spec.names.many;
  const picture: Names['picture'] = spec.names.picture;
  const One: Names['One'] = spec.names.One;
  const Many: Names['Many'] = spec.names.Many;
  const Picture: Names['Picture'] = spec.names.Picture;
  const query: S['query'] = spec.query;
  const create: S['create'] = spec.create;
  const update: S['update'] = spec.update;
  const path: `/${Names['many']}` = `/${many}`;
  const tag = many;
  const params = idParams(one);
  const oneEnvelope = envelope(keyed(one, view));
  return {
    list: endpoint({
      operationId: `list${Many}`,
      method: 'GET',
      path,
      summary: `List ${many} (search name and description, sort by date or name)`,
      description:
        'Anyone may read. Each item has its `productCount`: inactive products included for staff callers, only ' +
        'active ones for everyone else. `search` matches name and description.',
      tag,
      access: 'public',
      query,
      responses: { 200: envelope(keyed(many, z.array(view)).extend({ pagination: paginationView })) },
    }),
    get: endpoint({
      operationId: `get${One}`,
      method: 'GET',
      path: `${path}/:id`,
      summary: `Get one ${one} with its product count`,
      description: `Anyone may read; the count is as in the list. 404 "${One} not found".`,
      tag,
      access: 'public',
      params,
      responses: { 200: oneEnvelope },
    }),
    create: endpoint({
      operationId: `create${One}`,
      method: 'POST',
      path,
      summary: `Add a ${one} (names are unique regardless of case)`,
      description:
        `A name another ${one} has, in any case, answers 409 DUPLICATE_NAME. The ${picture} is added afterwards ` +
        `through POST ${path}/{id}/${picture}. Recorded in the activity log.`,
      tag,
      access: 'taxonomyWrite',
      body: create,
      bodyExample: spec.createExample,
      responses: { 201: oneEnvelope },
      errors: [409],
    }),
    update: endpoint({
      operationId: `update${One}`,
      method: 'PUT',
      path: `${path}/:id`,
      summary: `Edit a ${one}; its ${picture} may be removed or its alt text changed (new files go through the upload)`,
      description:
        `\`${picture}: null\` removes the ${picture} (its files are deleted); other ${picture} files answer 400 ` +
        `"Upload a new ${picture} through its upload call". 409 DUPLICATE_NAME for a name taken in any case; ` +
        `404 "${One} not found". Recorded in the activity log with the changed fields.`,
      tag,
      access: 'taxonomyWrite',
      params,
      body: update,
      bodyExample: spec.updateExample,
      responses: { 200: oneEnvelope },
      errors: [409],
    }),
    remove: endpoint({
      operationId: `delete${One}`,
      method: 'DELETE',
      path: `${path}/:id`,
      summary: `Delete a ${one} that no product uses`,
      description:
        `While products use it: 409 IN_USE saying how many products use this ${one}. ` +
        `Its ${picture} files are deleted too; recorded in the activity log. 404 "${One} not found".`,
      tag,
      access: 'taxonomyWrite',
      params,
      responses: { 200: oneEnvelope },
      errors: [409],
    }),
    uploadPicture: endpoint({
      operationId: `upload${One}${Picture}`,
      method: 'POST',
      path: `${path}/:id/${picture}`,
      summary: `Upload the ${picture} of a ${one} (\`${picture}\` field; optional \`alt\`), replacing the previous one`,
      description:
        'Checked and stored as product images are (original, webp and thumbnail renditions; 5 MB; 415 for what is ' +
        `not an image); the previous files go once the change is committed. 404 "${One} not found".`,
      tag,
      access: 'taxonomyWrite',
      params,
      multipart: true,
      responses: { 200: envelope(keyed(picture, storedImageSchema).extend(keyed(one, view).shape)) },
      errors: [413, 415, 507],
    }),
  };
}

export const categoryContracts = taxonomyContracts({
  names: categoryNames,
  view: categoryView,
  query: listCategoriesQuery,
  create: createCategoryInput,
  update: updateCategoryInput,
  createExample: { name: 'Outerwear', description: 'Coats, jackets and parkas' },
  updateExample: { name: 'Outerwear', description: 'Coats, jackets, parkas and vests' },
});

export const brandContracts = taxonomyContracts({
  names: brandNames,
  view: brandView,
  query: listBrandsQuery,
  create: createBrandInput,
  update: updateBrandInput,
  createExample: { name: 'Northwind', description: 'Outdoor wear', website: 'https://northwind.example' },
  updateExample: { description: 'Outdoor wear since 1990', website: 'https://northwind.example/shop', logo: null },
});
