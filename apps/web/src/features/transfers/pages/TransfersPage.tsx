import { can, TOAST_MS, TRANSFER_STATUS_LABELS, TRANSFER_STATUSES, type TransferStatus } from '@seamline/shared';
import {
  Button,
  EmptyState,
  ErrorState,
  formatDate,
  PageHeader,
  Pagination,
  Skeleton,
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  useToast,
} from '@seamline/ui';
import { ArrowLeftRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { FilterBar } from '../../../components/list/FilterBar';
import { useLastPageClamp, useListParams } from '../../../lib/list-params';
import { useTransferLocations, useTransfers } from '../api';
import { TransferDetailDialog } from '../components/TransferDetailDialog';
import { TransferFormDialog } from '../components/TransferFormDialog';
import { TransferStatusBadge } from '../components/TransferStatusBadge';

const SKELETON_ROWS = 5;
const STATUS_OPTIONS = TRANSFER_STATUSES.map((value) => ({ value, label: TRANSFER_STATUS_LABELS[value] }));
const isStatus = (value: string): value is TransferStatus => (TRANSFER_STATUSES as readonly string[]).includes(value);

/**
 * Stock transfers between locations, newest first, filtered by status and location (kept in the URL). Staff who may
 * change stock create drafts and ship, receive or cancel them from a transfer's dialog.
 */
export default function TransfersPage() {
  const { user } = useAuth();
  const canChange = can(user?.role, 'inventory');
  const toast = useToast(TOAST_MS.inventory);
  const [params, setParams] = useListParams({ page: 1, status: '', location: '' });
  const status = isStatus(params.status) ? params.status : '';
  const transfers = useTransfers({ page: params.page, status, locationId: params.location });
  const locations = useTransferLocations();
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = transfers.data?.transfers ?? [];
  const totalPages = transfers.data?.pagination.totalPages ?? 1;
  useLastPageClamp(
    params.page,
    transfers.isSuccess && !transfers.isPlaceholderData ? totalPages : undefined,
    setParams,
  );
  const filtered = Boolean(status || params.location);

  return (
    <>
      <PageHeader
        title="Transfers"
        description="Move stock between your warehouses and shops"
        actions={
          canChange ? (
            <Button onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden /> New transfer
            </Button>
          ) : null
        }
      />
      <FilterBar
        fields={[
          { key: 'status', label: 'Status', kind: 'select', placeholder: 'All statuses', options: STATUS_OPTIONS },
          {
            key: 'location',
            label: 'Location',
            kind: 'select',
            placeholder: 'All locations',
            options: (locations.data ?? []).map((location) => ({ value: location._id, label: location.name })),
          },
        ]}
        values={{ status, location: params.location }}
        onChange={(changes) => setParams(changes)}
      />
      {transfers.isError ? (
        <ErrorState title="Failed to load transfers" onRetry={() => transfers.refetch()} />
      ) : transfers.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={ArrowLeftRight}
          title="No transfers found"
          description={
            filtered
              ? 'No transfer matches these filters.'
              : 'Move stock between locations with New transfer: ship it, then receive it at the destination.'
          }
        />
      ) : (
        <>
          <Table aria-label="Transfers">
            <TableHeader>
              <TableRow>
                <TableHead>Number</TableHead>
                <TableHead>From → To</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Lines / units</TableHead>
                <TableHead>Created</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((transfer) => (
                <TableRow key={transfer.id}>
                  <TableCell className="font-medium text-slate-900">{transfer.number}</TableCell>
                  <TableCell>
                    {transfer.from.name} → {transfer.to.name}
                  </TableCell>
                  <TableCell>
                    <TransferStatusBadge status={transfer.status} />
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {transfer.lineCount} / {transfer.units}
                    {transfer.status === 'in_transit' && transfer.receivedUnits > 0
                      ? ` (${transfer.receivedUnits} received)`
                      : ''}
                  </TableCell>
                  <TableCell>{formatDate(transfer.createdAt)}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`View ${transfer.number}`}
                      onClick={() => setOpenId(transfer.id)}
                    >
                      View
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className="mt-6">
            <Pagination page={params.page} totalPages={totalPages} onPageChange={(page) => setParams({ page })} />
          </div>
        </>
      )}
      <TransferFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(transfer) => {
          setCreating(false);
          toast.success(`${transfer.number} created`);
          setOpenId(transfer.id);
        }}
      />
      <TransferDetailDialog
        transferId={openId}
        onOpenChange={(open) => {
          if (!open) setOpenId(null);
        }}
        canChange={canChange}
      />
    </>
  );
}
