import { Button, ConfirmDialog, EmptyState, ErrorState, Notice, PageHeader, Skeleton, useToast } from '@seamline/ui';
import { MapPin, Plus } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { errorMessage } from '../../../lib/api-client';
import { type LocationListItem, useLocations, useReorderLocations, useSetLocationActive } from '../api';
import { LocationFormDialog } from '../components/LocationFormDialog';
import { LocationsTable } from '../components/LocationsTable';

const TOAST_DURATION_MS = 4000;

/**
 * Stock locations: the warehouses and shops stock is kept in, in fulfilment order (online orders are allocated from
 * the first location by priority that has the stock). Every staff member reads them; admins add, edit, reorder and
 * (de)activate them.
 */
export default function LocationsPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const toast = useToast(TOAST_DURATION_MS);
  const locations = useLocations();
  const reorder = useReorderLocations();
  const setActive = useSetLocationActive();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<LocationListItem | undefined>();
  const [deactivating, setDeactivating] = useState<LocationListItem | null>(null);
  // The server's refusal of the last order or (de)activation, until the next one.
  const [refusal, setRefusal] = useState<string | null>(null);

  const openForm = (location?: LocationListItem) => {
    setEditing(location);
    setFormOpen(true);
  };

  const run = async (write: () => Promise<unknown>, done: string, fallback: string) => {
    setRefusal(null);
    try {
      await write();
      toast.success(done);
    } catch (error) {
      setRefusal(errorMessage(error, fallback));
    }
  };

  const move = (location: LocationListItem, by: -1 | 1) => {
    const ids = (locations.data ?? []).filter((l) => l.active).map((l) => l._id);
    const from = ids.indexOf(location._id);
    const to = from + by;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    return run(() => reorder.mutateAsync(ids), 'Fulfilment order saved', 'Failed to change the order.');
  };

  const toggle = async (location: LocationListItem, active: boolean) => {
    await run(
      () => setActive.mutateAsync({ id: location._id, active }),
      `${location.name} ${active ? 'activated' : 'deactivated'}`,
      `Failed to ${active ? 'activate' : 'deactivate'} the location.`,
    );
    setDeactivating(null);
  };

  return (
    <>
      <PageHeader
        title="Stock Locations"
        description="Warehouses and shops that hold stock. Online orders are fulfilled from the first location by priority that has the items."
        actions={
          isAdmin ? (
            <Button onClick={() => openForm()}>
              <Plus aria-hidden /> Add location
            </Button>
          ) : null
        }
      />
      <Notice tone="error" className={refusal ? 'mb-4' : undefined}>
        {refusal}
      </Notice>
      {locations.isPending ? (
        <Skeleton className="h-40 rounded-xl" aria-busy="true" />
      ) : locations.isError ? (
        <ErrorState
          title="Failed to load locations"
          message={errorMessage(locations.error, 'Please try again.')}
          onRetry={() => locations.refetch()}
        />
      ) : locations.data.length === 0 ? (
        <EmptyState
          icon={MapPin}
          title="No locations yet"
          description="Add the warehouses and shops you keep stock in."
        />
      ) : (
        <LocationsTable
          locations={locations.data}
          canManage={isAdmin}
          busy={reorder.isPending || setActive.isPending}
          onMove={move}
          onEdit={openForm}
          onDeactivate={setDeactivating}
          onActivate={(location) => toggle(location, true)}
        />
      )}
      <LocationFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        location={editing}
        onSaved={(name) => {
          setFormOpen(false);
          setRefusal(null);
          toast.success(editing ? `${name} updated` : `${name} added`);
        }}
      />
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => {
          if (!open) setDeactivating(null);
        }}
        title={`Deactivate ${deactivating?.name ?? ''}?`}
        confirmLabel="Deactivate"
        pending={setActive.isPending}
        onConfirm={() => deactivating && toggle(deactivating, false)}
      >
        An inactive location takes no stock and no orders. It stays in the history and can be activated again.
      </ConfirmDialog>
    </>
  );
}
