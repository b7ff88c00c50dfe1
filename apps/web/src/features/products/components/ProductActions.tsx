import { can, type ProductListRow } from '@seamline/shared';
import { Button, cn } from '@seamline/ui';
import { Boxes, Eye, Pencil, Trash2 } from 'lucide-react';
import { useAuth } from '../../../auth/auth-context';

export type ProductAction = 'stock' | 'details' | 'edit' | 'delete';
/** What an action needs of a product (a list row or the whole product both have it): the dialogs read the rest. */
export type ActedProduct = Pick<ProductListRow, 'id' | 'name'>;
export type OnProductAction = (action: ProductAction, product: ActedProduct) => void;

const ACTIONS = [
  { action: 'stock', label: 'Manage Stock', icon: Boxes, rule: 'inventory' },
  { action: 'details', label: 'View Details', icon: Eye, rule: 'catalogueRead' },
  { action: 'edit', label: 'Edit', icon: Pencil, rule: 'catalogueWrite' },
  { action: 'delete', label: 'Delete', icon: Trash2, rule: 'catalogueWrite' },
] as const;

/** The row actions; a role only sees what the server lets it do. */
export function ProductActions({
  product,
  onAction,
  labels = false,
}: {
  product: ActedProduct;
  onAction: OnProductAction;
  labels?: boolean;
}) {
  const { user } = useAuth();
  return (
    // Labelled (the detail panel), the buttons wrap: on a phone the four do not fit one row.
    <div className={cn('flex items-center gap-1', labels && 'flex-wrap')}>
      {ACTIONS.filter((a) => can(user?.role, a.rule)).map(({ action, label, icon: Icon }) => (
        <Button
          key={action}
          type="button"
          variant="ghost"
          size={labels ? 'sm' : 'icon'}
          title={label}
          aria-label={`${label} ${product.name}`}
          className={action === 'delete' ? 'text-red-600 hover:bg-red-50 hover:text-red-700' : undefined}
          onClick={(event) => {
            event.stopPropagation();
            onAction(action, product);
          }}
        >
          <Icon className="size-4" aria-hidden />
          {labels ? label : null}
        </Button>
      ))}
    </div>
  );
}
