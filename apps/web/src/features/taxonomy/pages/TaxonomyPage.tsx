import { type Brand, type Category, can, DEBOUNCE_MS, TOAST_MS } from '@seamline/shared';
import { Button, ConfirmByNameDialog, PageHeader, Pagination, SearchBox, useToast } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { TaxonomyCard } from '../../../components/taxonomy/TaxonomyCard';
import { TaxonomyGrid } from '../../../components/taxonomy/TaxonomyGrid';
import { errorMessage } from '../../../lib/api-client';
import { useLastPageClamp, useListParams } from '../../../lib/list-params';
import { taxonomyQueries, useDeleteTaxonomy } from '../api';
import { TaxonomyFormDialog } from '../components/TaxonomyFormDialog';
import { brandKind, categoryKind, type TaxonomyKind } from '../kinds';

/**
 * Category Management and Brand Management (the specification): everyone on staff may look; admins add, edit
 * and delete. One screen, told which kind it manages; search and page live in the URL.
 */
export function TaxonomyPage<T extends Category | Brand>({ kind }: { kind: TaxonomyKind<T> }) {
  const { one, many, picture, One, Many } = kind.names;
  const { user } = useAuth();
  const isAdmin = can(user?.role, 'taxonomyWrite');
  const toast = useToast(TOAST_MS[many]);
  const [{ page, search }, setParams] = useListParams({ search: '', page: 1 });
  const setPage = (next: number) => setParams({ page: next });
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const list = useQuery(taxonomyQueries.list(kind, { page, search }));
  const remove = useDeleteTaxonomy(kind);
  const totalPages = list.data?.pagination.totalPages ?? 1;

  useEffect(() => {
    if (list.isError) toast.error(`Failed to load ${many}`);
  }, [list.isError, toast, many]);

  // Deleting the last card of the last page (or an old link) leaves the page empty: show the new last page.
  useLastPageClamp(page, list.isSuccess && !list.isPlaceholderData ? totalPages : undefined, setParams);

  const openForm = (item: T | null) => {
    setEditing(item);
    setFormOpen(true);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting._id);
      toast.success(`${deleting.name} deleted successfully`);
      setDeleting(null);
    } catch (error) {
      const message = errorMessage(error, `Failed to delete ${one}.`);
      setDeleteError(message);
      toast.error(message);
    }
  };

  const items = list.isError ? [] : (list.data?.items ?? []);
  return (
    <>
      <PageHeader
        title={`${One} Management`}
        description={kind.texts.description}
        actions={
          isAdmin ? (
            <Button onClick={() => openForm(null)}>
              <Plus aria-hidden />
              Add {One}
            </Button>
          ) : null
        }
      />
      <SearchBox
        value={search}
        onDebouncedChange={(text) => setParams({ search: text }, { replace: true })}
        delayMs={DEBOUNCE_MS[many]}
        placeholder={`Search ${many}...`}
        className="mb-6 max-w-md"
      />
      <TaxonomyGrid
        items={items}
        loading={list.isPending}
        keyOf={(item) => item._id}
        emptyIcon={kind.icon}
        emptyTitle={`No ${Many} Found`}
        emptyDescription={
          search
            ? `No ${one} matches your search. Try another name.`
            : isAdmin
              ? `Get started by adding your first ${one} with Add ${One}.`
              : `There are no ${many} yet.`
        }
        renderCard={(item) => (
          <TaxonomyCard
            id={item._id}
            name={item.name}
            description={item.description}
            createdAt={item.createdAt}
            productCount={item.productCount}
            picture={kind.picture(item)}
            website={kind.website(item)}
            pictureFit={kind.pictureFit}
            canEdit={isAdmin}
            onEdit={() => openForm(item)}
            onDelete={() => {
              setDeleteError(null);
              setDeleting(item);
            }}
          />
        )}
      />
      <Pagination page={page} totalPages={totalPages} onPageChange={setPage} className="mt-8" />
      {isAdmin ? (
        <>
          <TaxonomyFormDialog
            kind={kind}
            open={formOpen}
            onOpenChange={setFormOpen}
            item={editing}
            onCreated={() => setPage(1)}
          />
          <ConfirmByNameDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={`Delete ${One}`}
            expectedName={deleting?.name ?? ''}
            inputLabel={`${One} name`}
            prompt={
              <>
                To delete this {one}, type its name{' '}
                <span className="font-semibold text-slate-900">{deleting?.name}</span> below.
              </>
            }
            confirmDescription={
              <>
                <p className="font-medium">
                  This permanently deletes the {one} "{deleting?.name}" and its {picture}.
                </p>
                <p>A {one} that products still use cannot be deleted. This cannot be undone.</p>
              </>
            }
            confirmLabel={`Delete ${One}`}
            onConfirm={confirmDelete}
            pending={remove.isPending}
            error={deleteError}
          />
        </>
      ) : null}
    </>
  );
}

/** The routes' pages: /categories and /brands. */
export function CategoriesPage() {
  return <TaxonomyPage kind={categoryKind} />;
}

export function BrandsPage() {
  return <TaxonomyPage kind={brandKind} />;
}
