import { SAVED_VIEW_MESSAGES, type SavedViewList, savedViewInput, TOAST_MS } from '@seamline/shared';
import { Button, Dialog, DialogContent, DialogFooter, FormField, Input, useToast } from '@seamline/ui';
import { Bookmark, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useDeleteView, useSavedViews, useSaveView } from '../../lib/saved-views';

/** The list's filters as a saved view keeps them: the URL query without page and view. */
function filtersOf(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  return params.toString();
}

/**
 * The "Views" menu of a list: open one of your saved views (its filters replace the URL's), save the current filters
 * under a name, or delete a view.
 */
export function SavedViewsMenu({ list }: { list: SavedViewList }) {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast(TOAST_MS.orders);
  // Read when the menu first opens: the list screen itself makes no extra request.
  const [opened, setOpened] = useState(false);
  const views = useSavedViews(list, opened);
  const remove = useDeleteView();
  const [saving, setSaving] = useState(false);
  const current = filtersOf(location.search);

  return (
    <>
      <DropdownMenu.Root onOpenChange={(open) => open && setOpened(true)}>
        <DropdownMenu.Trigger asChild>
          <Button variant="outline" size="sm">
            <Bookmark /> Views
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-64 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-slate-500">
              Saved views
            </DropdownMenu.Label>
            {views.data?.length ? (
              views.data.map((view) => (
                <div key={view.id} className="flex items-center gap-1">
                  <DropdownMenu.Item
                    className="flex-1 cursor-pointer truncate rounded px-2 py-1.5 outline-none data-[highlighted]:bg-indigo-50"
                    data-current={view.query === current || undefined}
                    onSelect={() => navigate({ search: view.query ? `?${view.query}` : '' })}
                  >
                    {view.name}
                  </DropdownMenu.Item>
                  <button
                    type="button"
                    aria-label={`Delete view ${view.name}`}
                    className="rounded p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-600"
                    onClick={() =>
                      remove.mutate(view.id, {
                        onSuccess: () => toast.success(`View "${view.name}" deleted`),
                        onError: (error) => toast.error(errorMessage(error, 'Failed to delete view')),
                      })
                    }
                  >
                    <Trash2 className="size-3.5" />
                  </button>
                </div>
              ))
            ) : (
              <p className="px-2 py-1.5 text-slate-500">{views.isLoading ? 'Loading…' : 'No saved views yet'}</p>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            <DropdownMenu.Item
              className="cursor-pointer rounded px-2 py-1.5 font-medium text-indigo-700 outline-none data-[highlighted]:bg-indigo-50"
              onSelect={() => setSaving(true)}
            >
              Save current view…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <SaveViewDialog list={list} query={current} open={saving} onOpenChange={setSaving} />
    </>
  );
}

function SaveViewDialog({
  list,
  query,
  open,
  onOpenChange,
}: {
  list: SavedViewList;
  query: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveView();
  const toast = useToast(TOAST_MS.orders);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = savedViewInput.safeParse({ list, name, query });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SAVED_VIEW_MESSAGES.nameRequired);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (view) => {
        toast.success(`View "${view.name}" saved`);
        setName('');
        setError(null);
        onOpenChange(false);
      },
      onError: (failure) => setError(errorMessage(failure, 'Failed to save view')),
    });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Save view"
        description="Save the current filters and search of this list under a name."
        size="sm"
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <FormField label="View name" htmlFor={`${list}-view-name`} error={error ?? undefined}>
            <Input
              id={`${list}-view-name`}
              value={name}
              autoFocus
              maxLength={80}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
          <p className="break-all text-xs text-slate-500">
            {query ? `Filters: ${decodeURIComponent(query)}` : 'No filters: the whole list.'}
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save View
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
