import { type Brand, type Category, PAGE_SIZES } from '@seamline/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxonomyFormValues, TaxonomyKind } from './kinds';

type Item = Category | Brand;

/** Query keys and options of the categories and brands screens, one root per kind (`['categories']`, `['brands']`). */
export const taxonomyQueries = {
  all: <T extends Item>(kind: TaxonomyKind<T>) => [kind.names.many] as const,
  /** 9 per page, searched on the server (the specification). */
  list: <T extends Item>(kind: TaxonomyKind<T>, params: { page: number; search: string }) =>
    queryOptions({
      queryKey: [...taxonomyQueries.all(kind), 'list', params] as const,
      queryFn: ({ signal }) =>
        kind.list({ page: params.page, limit: PAGE_SIZES[kind.names.many], search: params.search }, signal),
      placeholderData: keepPreviousData,
    }),
};

/** A change to one kind; its lists are refetched once it settles, whether it succeeded or not. */
function useTaxonomyMutation<T extends Item, TInput, TResult>(
  kind: TaxonomyKind<T>,
  run: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxonomyQueries.all(kind) }),
  });
}

export const useCreateTaxonomy = <T extends Item>(kind: TaxonomyKind<T>) =>
  useTaxonomyMutation(kind, (values: TaxonomyFormValues) => kind.create(values));

export const useUpdateTaxonomy = <T extends Item>(kind: TaxonomyKind<T>) =>
  useTaxonomyMutation(
    kind,
    ({ id, values, removePicture }: { id: string; values: TaxonomyFormValues; removePicture: boolean }) =>
      kind.update(id, values, removePicture),
  );

export const useDeleteTaxonomy = <T extends Item>(kind: TaxonomyKind<T>) =>
  useTaxonomyMutation(kind, (id: string) => kind.remove(id));

/** Sends the chosen file as the kind's picture field (`image` or `logo`). */
export const useUploadTaxonomyPicture = <T extends Item>(kind: TaxonomyKind<T>) =>
  useTaxonomyMutation(kind, ({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append(kind.names.picture, file);
    return kind.uploadPicture(id, form);
  });
