import { type Category, can, DEBOUNCE_MS, TOAST_MS } from '@seamline/shared';
import { Plus, Tags } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { TaxonomyCard } from '../../../components/taxonomy/TaxonomyCard';
import { TaxonomyGrid } from '../../../components/taxonomy/TaxonomyGrid';
import { Button, ConfirmByNameDialog, PageHeader, Pagination, SearchBox, useToast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useCategories, useDeleteCategory } from '../api';
import { CategoryFormDialog } from '../components/CategoryFormDialog';

/** Category Management (spec part 2 §2.10): everyone on staff may look; admins add, edit and delete. */
export default function CategoriesPage() {
  const { user } = useAuth();
  const isAdmin = can(user?.role, 'taxonomyWrite');
  const toast = useToast(TOAST_MS.categories);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Category | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const list = useCategories(page, search);
  const remove = useDeleteCategory();
  const totalPages = list.data?.pagination.totalPages ?? 1;

  useEffect(() => {
    if (list.isError) toast.error('Failed to load categories');
  }, [list.isError, toast]);

  // Deleting the last card of the last page leaves that page empty: step back to the new last page.
  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const openForm = (category: Category | null) => {
    setEditing(category);
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
      const message = errorMessage(error, 'Failed to delete category.');
      setDeleteError(message);
      toast.error(message);
    }
  };

  const categories = list.isError ? [] : (list.data?.categories ?? []);
  return (
    <>
      <PageHeader
        title="Category Management"
        description="Organize products into categories that shoppers can browse."
        actions={
          isAdmin ? (
            <Button onClick={() => openForm(null)}>
              <Plus aria-hidden />
              Add Category
            </Button>
          ) : null
        }
      />
      <SearchBox
        value={search}
        onDebouncedChange={(text) => {
          setSearch(text);
          setPage(1);
        }}
        delayMs={DEBOUNCE_MS.categories}
        placeholder="Search categories..."
        className="mb-6 max-w-md"
      />
      <TaxonomyGrid
        items={categories}
        loading={list.isPending}
        keyOf={(category) => category._id}
        emptyIcon={Tags}
        emptyTitle="No Categories Found"
        emptyDescription={
          search
            ? 'No category matches your search. Try another name.'
            : isAdmin
              ? 'Get started by adding your first category with Add Category.'
              : 'There are no categories yet.'
        }
        renderCard={(category) => (
          <TaxonomyCard
            id={category._id}
            name={category.name}
            description={category.description}
            createdAt={category.createdAt}
            productCount={category.productCount}
            picture={category.image}
            pictureFit="cover"
            canEdit={isAdmin}
            onEdit={() => openForm(category)}
            onDelete={() => {
              setDeleteError(null);
              setDeleting(category);
            }}
          />
        )}
      />
      <Pagination page={page} totalPages={totalPages} onPageChange={setPage} className="mt-8" />
      {isAdmin ? (
        <>
          <CategoryFormDialog
            open={formOpen}
            onOpenChange={setFormOpen}
            category={editing}
            onCreated={() => setPage(1)}
          />
          <ConfirmByNameDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Delete Category"
            expectedName={deleting?.name ?? ''}
            inputLabel="Category name"
            prompt={
              <>
                To delete this category, type its name{' '}
                <span className="font-semibold text-slate-900">{deleting?.name}</span> below.
              </>
            }
            confirmDescription={
              <>
                <p className="font-medium">This permanently deletes the category "{deleting?.name}" and its image.</p>
                <p>A category that products still use cannot be deleted. This cannot be undone.</p>
              </>
            }
            confirmLabel="Delete Category"
            onConfirm={confirmDelete}
            pending={remove.isPending}
            error={deleteError}
          />
        </>
      ) : null}
    </>
  );
}
