import { DEBOUNCE_MS, exportContracts, PAGE_SIZES, TOAST_MS } from '@seamline/shared';
import {
  Button,
  Card,
  ConfirmByNameDialog,
  EmptyState,
  PageHeader,
  Pagination,
  SearchBox,
  Skeleton,
  useToast,
} from '@seamline/ui';
import { Plus, TicketPercent } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { errorMessage } from '../../../lib/api-client';
import { useLastPageClamp, useListParams } from '../../../lib/list-params';
import { type Coupon, useCoupons, useDeleteCoupon } from '../api';
import { CouponCard } from '../components/CouponCard';
import { CouponFormDialog } from '../components/CouponFormDialog';

const SKELETON_CARDS = 6;

/**
 * Coupon Management (the specification): a 3-per-row grid of 9; Add/Edit/Delete for admins only. Search and page live
 * in the URL.
 */
export default function CouponsPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const toast = useToast(TOAST_MS.coupons);
  const [{ page, search }, setParams] = useListParams({ search: '', page: 1 });
  const setPage = (next: number) => setParams({ page: next });
  const [editing, setEditing] = useState<Coupon | undefined>();
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const coupons = useCoupons({ page, search });
  const remove = useDeleteCoupon();

  useEffect(() => {
    if (coupons.isError) toast.error('Failed to load coupons');
  }, [coupons.isError, toast]);

  const list = coupons.isError ? [] : (coupons.data?.data ?? []);
  const totalPages = coupons.data?.pagination.totalPages ?? 1;
  useLastPageClamp(page, coupons.isSuccess && !coupons.isPlaceholderData ? totalPages : undefined, setParams);

  const openForm = (coupon?: Coupon) => {
    setEditing(coupon);
    setFormOpen(true);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${deleting.name} deleted successfully`);
      setDeleting(null);
    } catch (error) {
      setDeleteError(errorMessage(error, 'Failed to delete coupon.'));
    }
  };

  return (
    <>
      <PageHeader
        title="Coupon Management"
        description="Manage your discount coupons and promotions"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <ExportCsvButton
              contract={exportContracts.exportCoupons}
              query={{ search: search || undefined }}
              fileName="coupons"
            />
            {isAdmin ? (
              <Button onClick={() => openForm()}>
                <Plus className="size-4" aria-hidden /> Add Coupon
              </Button>
            ) : null}
          </div>
        }
      />
      <div className="mb-6 max-w-md">
        <SearchBox
          value={search}
          delayMs={DEBOUNCE_MS.coupons}
          placeholder="Search coupons..."
          onDebouncedChange={(text) => setParams({ search: text }, { replace: true })}
        />
      </div>
      {coupons.isPending ? (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Card key={i} data-testid="coupon-skeleton" className="flex flex-col gap-4 p-5">
              <div className="flex items-center gap-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
              <Skeleton className="h-3 w-full" />
              <Skeleton className="h-3 w-2/3" />
              <Skeleton className="h-8 w-full" />
            </Card>
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={TicketPercent}
          title="No Coupons Found"
          description={
            search
              ? 'No coupon matches your search. Try another name or code, or use Add Coupon to create one.'
              : 'Get started by creating your first coupon with Add Coupon.'
          }
        />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
            {list.slice(0, PAGE_SIZES.coupons).map((coupon) => (
              <CouponCard
                key={coupon.id}
                coupon={coupon}
                canEdit={isAdmin}
                onEdit={() => openForm(coupon)}
                onDelete={() => {
                  setDeleteError(null);
                  setDeleting(coupon);
                }}
              />
            ))}
          </div>
          <div className="mt-8">
            <Pagination page={page} totalPages={totalPages} onPageChange={setPage} />
          </div>
        </>
      )}
      <CouponFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        coupon={editing}
        onSaved={() => {
          setFormOpen(false);
          if (editing) toast.success('Coupon updated successfully');
          else {
            toast.success('Coupon added successfully');
            setPage(1);
          }
        }}
      />
      <ConfirmByNameDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete Coupon"
        expectedName={deleting?.name ?? ''}
        prompt={`To delete this coupon, type its name "${deleting?.name ?? ''}" below.`}
        confirmLabel="Delete Coupon"
        confirmDescription="This coupon will be permanently deleted. This action cannot be undone."
        onConfirm={confirmDelete}
        pending={remove.isPending}
        error={deleteError}
      />
    </>
  );
}
