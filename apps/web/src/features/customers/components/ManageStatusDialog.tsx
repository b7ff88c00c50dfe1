import { type AdminCustomer, TOAST_MS } from '@seamline/shared';
import { Button, cn, Dialog, DialogContent, DialogFooter, useToast } from '@seamline/ui';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateCustomerStatus } from '../api';
import { fullName } from '../customer-name';

const CHOICES = [
  {
    isActive: true,
    label: 'Active',
    icon: CheckCircle2,
    explanation: 'The customer can sign in, place orders and access their account.',
  },
  {
    isActive: false,
    label: 'Inactive',
    icon: XCircle,
    explanation:
      'The customer cannot sign in, place orders or access their account. Their open sessions end at once; their orders are kept.',
  },
] as const;

/** Manage Customer Status: choose active or inactive, with what each means (the specification). */
export function ManageStatusDialog({
  customer,
  onOpenChange,
}: {
  customer: AdminCustomer | null;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast(TOAST_MS.customers);
  const mutation = useUpdateCustomerStatus();
  const [isActive, setIsActive] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (customer) {
      setIsActive(customer.isActive);
      setFailure(null);
    }
  }, [customer]);

  const submit = async () => {
    if (!customer) return;
    setFailure(null);
    try {
      await mutation.mutateAsync({ id: customer.id, input: { isActive } });
      toast.success('Customer status updated successfully!');
      onOpenChange(false);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update customer status. Please try again.'));
    }
  };

  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Manage Customer Status"
        description={customer ? `${fullName(customer)} · ${customer.email}` : undefined}
      >
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-sm text-slate-600">
            Currently <strong>{customer?.isActive ? 'Active' : 'Inactive'}</strong>. Choose the account status:
          </legend>
          {CHOICES.map((choice) => {
            const Icon = choice.icon;
            const chosen = choice.isActive === isActive;
            return (
              <label
                key={choice.label}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors',
                  chosen
                    ? choice.isActive
                      ? 'border-emerald-300 bg-emerald-50/70'
                      : 'border-red-300 bg-red-50/70'
                    : 'border-slate-200 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name="customer-status"
                  className="mt-1 accent-indigo-600"
                  checked={chosen}
                  onChange={() => setIsActive(choice.isActive)}
                />
                <div className="flex flex-col gap-1">
                  <span className="flex items-center gap-1.5 font-medium text-slate-900">
                    <Icon className={cn('size-4', choice.isActive ? 'text-emerald-600' : 'text-red-600')} aria-hidden />
                    {choice.label}
                  </span>
                  <span className="text-sm text-slate-600">{choice.explanation}</span>
                </div>
              </label>
            );
          })}
        </fieldset>
        {failure ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} loading={mutation.isPending} disabled={customer?.isActive === isActive}>
            {mutation.isPending ? 'Updating...' : 'Update Status'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
