import { REVIEW_PHOTO_LIMIT, type ReviewPhotoView } from '@seamline/shared';
import { Button } from '@seamline/ui';
import { useEffect, useId, useMemo } from 'react';

/** A chosen file with its preview URL (revoked when the file leaves the list). */
function usePreviews(files: readonly File[]) {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

/**
 * Up to REVIEW_PHOTO_LIMIT photos: the review's stored ones and new files, each with a preview and a remove button.
 * The file input disappears once the limit is reached.
 */
export function PhotoPicker({
  kept,
  added,
  onRemoveKept,
  onChangeAdded,
}: {
  kept: readonly ReviewPhotoView[];
  added: readonly File[];
  onRemoveKept: (id: string) => void;
  onChangeAdded: (files: File[]) => void;
}) {
  const inputId = useId();
  const previews = usePreviews(added);
  const room = REVIEW_PHOTO_LIMIT - kept.length - added.length;
  const tiles = [
    ...kept.map((photo, i) => ({
      key: photo.id,
      src: photo.thumbnailUrl,
      n: i + 1,
      remove: () => onRemoveKept(photo.id),
    })),
    ...added.map((file, i) => ({
      key: `${file.name}-${i}`,
      src: previews[i]!,
      n: kept.length + i + 1,
      remove: () => onChangeAdded(added.filter((_, j) => j !== i)),
    })),
  ];
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">Photos (optional, up to {REVIEW_PHOTO_LIMIT})</legend>
      {tiles.length ? (
        <ul className="mb-2 flex flex-wrap gap-3">
          {tiles.map((tile) => (
            <li key={tile.key} className="flex flex-col items-center gap-1">
              <img src={tile.src} alt={`Your upload ${tile.n}`} className="size-20 rounded-md border object-cover" />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove photo ${tile.n}`}
                onClick={tile.remove}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <>
          <label htmlFor={inputId} className="text-sm text-stone-700">
            Add photos
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            multiple
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-2"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])].slice(0, room);
              onChangeAdded([...added, ...files]);
              event.target.value = '';
            }}
          />
        </>
      ) : null}
    </fieldset>
  );
}
