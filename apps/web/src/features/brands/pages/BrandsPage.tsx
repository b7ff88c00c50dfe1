import { type Brand, can, DEBOUNCE_MS, TOAST_MS } from '@seamline/shared';
import { Plus, Store } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { TaxonomyCard } from '../../../components/taxonomy/TaxonomyCard';
import { TaxonomyGrid } from '../../../components/taxonomy/TaxonomyGrid';
import { Button, ConfirmByNameDialog, PageHeader, Pagination, SearchBox, useToast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useBrands, useDeleteBrand } from '../api';
import { BrandFormDialog } from '../components/BrandFormDialog';

/** Brand Management (spec part 2 §2.10): everyone on staff may look; admins add, edit and delete. */
export default function BrandsPage() {
  const { user } = useAuth();
  const isAdmin = can(user?.role, 'taxonomyWrite');
  const toast = useToast(TOAST_MS.brands);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Brand | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const list = useBrands(page, search);
  const remove = useDeleteBrand();
  const totalPages = list.data?.pagination.totalPages ?? 1;

  useEffect(() => {
    if (list.isError) toast.error('Failed to load brands');
  }, [list.isError, toast]);

  // Deleting the last card of the last page leaves that page empty: step back to the new last page.
  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const openForm = (brand: Brand | null) => {
    setEditing(brand);
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
      const message = errorMessage(error, 'Failed to delete brand.');
      setDeleteError(message);
      toast.error(message);
    }
  };

  const brands = list.isError ? [] : (list.data?.brands ?? []);
  return (
    <>
      <PageHeader
        title="Brand Management"
        description="Manage the brands your products carry."
        actions={
          isAdmin ? (
            <Button onClick={() => openForm(null)}>
              <Plus aria-hidden />
              Add Brand
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
        delayMs={DEBOUNCE_MS.brands}
        placeholder="Search brands..."
        className="mb-6 max-w-md"
      />
      <TaxonomyGrid
        items={brands}
        loading={list.isPending}
        keyOf={(brand) => brand._id}
        emptyIcon={Store}
        emptyTitle="No Brands Found"
        emptyDescription={
          search
            ? 'No brand matches your search. Try another name.'
            : isAdmin
              ? 'Get started by adding your first brand with Add Brand.'
              : 'There are no brands yet.'
        }
        renderCard={(brand) => (
          <TaxonomyCard
            id={brand._id}
            name={brand.name}
            description={brand.description}
            createdAt={brand.createdAt}
            productCount={brand.productCount}
            picture={brand.logo}
            website={brand.website}
            pictureFit="contain"
            canEdit={isAdmin}
            onEdit={() => openForm(brand)}
            onDelete={() => {
              setDeleteError(null);
              setDeleting(brand);
            }}
          />
        )}
      />
      <Pagination page={page} totalPages={totalPages} onPageChange={setPage} className="mt-8" />
      {isAdmin ? (
        <>
          <BrandFormDialog open={formOpen} onOpenChange={setFormOpen} brand={editing} onCreated={() => setPage(1)} />
          <ConfirmByNameDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Delete Brand"
            expectedName={deleting?.name ?? ''}
            inputLabel="Brand name"
            prompt={
              <>
                To delete this brand, type its name{' '}
                <span className="font-semibold text-slate-900">{deleting?.name}</span> below.
              </>
            }
            confirmDescription={
              <>
                <p className="font-medium">This permanently deletes the brand "{deleting?.name}" and its logo.</p>
                <p>A brand that products still use cannot be deleted. This cannot be undone.</p>
              </>
            }
            confirmLabel="Delete Brand"
            onConfirm={confirmDelete}
            pending={remove.isPending}
            error={deleteError}
          />
        </>
      ) : null}
    </>
  );
}
