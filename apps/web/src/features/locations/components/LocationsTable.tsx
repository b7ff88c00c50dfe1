import {
  Badge,
  Button,
  formatNumber,
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { LocationListItem } from '../api';
import { KIND_LABELS } from './LocationFormDialog';

export type LocationsTableProps = {
  /** Active first, by priority, then the inactive ones (the server's order). */
  locations: LocationListItem[];
  /** Admins get the buttons; everyone else reads. */
  canManage: boolean;
  /** A write is on its way: the buttons wait for it. */
  busy: boolean;
  onMove: (location: LocationListItem, by: -1 | 1) => void;
  onEdit: (location: LocationListItem) => void;
  onDeactivate: (location: LocationListItem) => void;
  onActivate: (location: LocationListItem) => void;
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Every stock location (its kind and address under its name) with its flags and the units it holds and has reserved, in fulfilment order. */
export function LocationsTable({
  locations,
  canManage,
  busy,
  onMove,
  onEdit,
  onDeactivate,
  onActivate,
}: LocationsTableProps) {
  const activeCount = locations.filter((location) => location.active).length;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Priority</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Ships online</TableHead>
          <TableHead>Pickup</TableHead>
          <TableHead className="text-right">Units held</TableHead>
          <TableHead className="text-right">Reserved</TableHead>
          <TableHead>Status</TableHead>
          {canManage ? <TableActionsHead /> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {locations.map((location, index) => (
          <TableRow key={location._id} className={location.active ? undefined : 'text-muted-foreground'}>
            <TableCell className="tabular-nums">{location.active ? index + 1 : '—'}</TableCell>
            <TableCell className="min-w-48">
              <span className="font-medium text-foreground">{location.name}</span>
              <span className="block text-xs text-muted-foreground">
                {[KIND_LABELS[location.kind], location.address].filter(Boolean).join(' · ')}
              </span>
            </TableCell>
            <TableCell>{yesNo(location.shipsOnline)}</TableCell>
            <TableCell>{yesNo(location.pickup)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(location.quantity)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(location.reserved)}</TableCell>
            <TableCell>
              <Badge variant={location.active ? 'success' : 'neutral'}>{location.active ? 'Active' : 'Inactive'}</Badge>
            </TableCell>
            {canManage ? (
              <TableCell>
                <div className="flex items-center justify-end gap-1">
                  {location.active ? (
                    <>
                      <Button
                        variant="ghost"
                        size="icon"
                        disabled={busy || index === 0}
                        onClick={() => onMove(location, -1)}
                        aria-label={`Move ${location.name} up`}
                      >
                        <ArrowUp aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        disabled={busy || index === activeCount - 1}
                        onClick={() => onMove(location, 1)}
                        aria-label={`Move ${location.name} down`}
                      >
                        <ArrowDown aria-hidden />
                      </Button>
                    </>
                  ) : null}
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onEdit(location)}
                    aria-label={`Edit ${location.name}`}
                  >
                    Edit
                  </Button>
                  {location.active ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      onClick={() => onDeactivate(location)}
                      aria-label={`Deactivate ${location.name}`}
                    >
                      Deactivate
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      onClick={() => onActivate(location)}
                      aria-label={`Activate ${location.name}`}
                    >
                      Activate
                    </Button>
                  )}
                </div>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
