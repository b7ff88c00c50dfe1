import { type ProductImageInput, TOAST_MS } from '@seamline/shared';
import { Button, useToast } from '@seamline/ui';
import { ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { uploadImages } from '../api';
import { PRODUCT_TOASTS } from '../product-rules';

type Image = ProductImageInput;

/** Image upload with thumbnails and a remove button per image; uploads go through POST /images/upload-multiple. */
export function ImageUploader({ images, onChange }: { images: Image[]; onChange: (images: Image[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast(TOAST_MS.products);

  async function upload(files: File[]) {
    if (!files.length) return;
    setUploading(true);
    setError(null);
    try {
      const uploaded = await uploadImages(files);
      onChange([
        ...images,
        ...uploaded.map((u) => ({ original: u.url, webp: u.webpUrl, thumbnail: u.thumbnailUrl, alt: u.alt })),
      ]);
    } catch {
      setError(PRODUCT_TOASTS.uploadFailed);
      toast.error(PRODUCT_TOASTS.uploadFailed);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        {images.map((image, index) => (
          <div
            key={image.original}
            className="group relative size-20 overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
          >
            <img
              src={image.thumbnail || image.original}
              alt={image.alt || `Image ${index + 1}`}
              className="size-full object-cover"
            />
            <button
              type="button"
              aria-label={`Remove image ${index + 1}`}
              onClick={() => onChange(images.filter((_, i) => i !== index))}
              className="absolute top-1 right-1 cursor-pointer rounded-full bg-white/90 p-0.5 text-slate-600 shadow hover:text-red-600"
            >
              <X className="size-3.5" />
            </button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          className="size-20 flex-col gap-1 text-xs"
          loading={uploading}
          onClick={() => input.current?.click()}
        >
          <ImagePlus /> Upload
        </Button>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        multiple
        hidden
        aria-label="Upload images"
        data-testid="product-image-input"
        onChange={(event) => void upload(Array.from(event.target.files ?? []))}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
