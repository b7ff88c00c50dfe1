import type { AdminCustomer } from '@seamline/shared';
import { Button } from '@seamline/ui';
import { Eye, Pencil, ShieldCheck, UserX } from 'lucide-react';

export type CustomerAction = 'status' | 'details' | 'edit' | 'deactivate';
export type OnCustomerAction = (action: CustomerAction, customer: AdminCustomer) => void;

/**
 * The icon buttons of a table row or card. Edit and Deactivate ("delete" deactivates, like staff users) appear
 * only for roles that may change customers.
 */
export function CustomerActions({
  customer,
  canWrite,
  onAction,
}: {
  customer: AdminCustomer;
  canWrite: boolean;
  onAction: OnCustomerAction;
}) {
  const name = `${customer.firstName} ${customer.lastName}`;
  return (
    <div className="flex items-center gap-0.5">
      {canWrite ? (
        <Button
          variant="ghost"
          size="icon"
          title="Manage Status"
          aria-label={`Manage status of ${name}`}
          onClick={() => onAction('status', customer)}
        >
          <ShieldCheck aria-hidden />
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="icon"
        title="View Details"
        aria-label={`View details of ${name}`}
        onClick={() => onAction('details', customer)}
      >
        <Eye aria-hidden />
      </Button>
      {canWrite ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            title="Edit Customer"
            aria-label={`Edit ${name}`}
            onClick={() => onAction('edit', customer)}
          >
            <Pencil aria-hidden />
          </Button>
          {customer.isActive ? (
            <Button
              variant="ghost"
              size="icon"
              title="Deactivate Customer"
              aria-label={`Deactivate ${name}`}
              className="text-red-600 hover:bg-red-50 hover:text-red-700"
              onClick={() => onAction('deactivate', customer)}
            >
              <UserX aria-hidden />
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
