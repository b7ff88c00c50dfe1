import type { StoredImageView } from '@seamline/shared';
import { Avatar, Badge, Button, Card, cn, formatDate } from '@seamline/ui';
import { CalendarDays, ExternalLink, Package, Pencil, Trash2 } from 'lucide-react';

export type TaxonomyCardProps = {
  id: string;
  name: string;
  description: string;
  createdAt: string;
  productCount: number;
  /** The category image or brand logo; without one a generated avatar stands in. */
  picture: StoredImageView | null;
  /** Logos are shown whole on white; category images fill their frame. */
  pictureFit: 'cover' | 'contain';
  website?: string | null;
  /** Edit and Delete appear only when the signed-in role may change it. */
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/** One category or brand in the management grid (the specification). */
export function TaxonomyCard(props: TaxonomyCardProps) {
  const { name, description, picture, website, canEdit } = props;
  return (
    <Card className="flex h-full flex-col" data-testid="taxonomy-card">
      <div className="flex items-start gap-4 px-5 pt-5">
        {picture ? (
          <img
            src={picture.thumbnail}
            alt={picture.alt || name}
            className={cn(
              'size-16 shrink-0 rounded-lg border border-slate-200',
              props.pictureFit === 'cover' ? 'object-cover' : 'bg-white object-contain p-1',
            )}
          />
        ) : (
          <Avatar seed={props.id} name={name} size={64} className="rounded-lg" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <h3 className="truncate text-base font-semibold text-slate-900" title={name}>
            {name}
          </h3>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden />
              Created {formatDate(props.createdAt)}
            </span>
            <Badge variant={props.productCount > 0 ? 'primary' : 'neutral'}>
              <Package aria-hidden />
              {props.productCount === 1 ? '1 product' : `${props.productCount} products`}
            </Badge>
          </div>
        </div>
      </div>
      <p
        className={cn('line-clamp-3 flex-1 px-5 pt-3 pb-4 text-sm', description ? 'text-slate-600' : 'text-slate-400')}
      >
        {description || 'No description'}
      </p>
      {website !== undefined || canEdit ? (
        <div className="flex items-center gap-2 border-t border-slate-100 px-5 py-3">
          {website ? (
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:text-indigo-700 hover:underline"
            >
              <ExternalLink className="size-3.5" aria-hidden />
              Visit Website
            </a>
          ) : website === null ? (
            <span className="text-sm text-slate-400">No website</span>
          ) : null}
          {canEdit ? (
            <div className="ml-auto flex items-center gap-1">
              <Button variant="ghost" size="sm" onClick={props.onEdit} aria-label={`Edit ${name}`}>
                <Pencil aria-hidden />
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-600 hover:bg-red-50 hover:text-red-700"
                onClick={props.onDelete}
                aria-label={`Delete ${name}`}
              >
                <Trash2 aria-hidden />
                Delete
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
