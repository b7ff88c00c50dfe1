/** A cart or order line's small product picture (a plain tile when the product has none). */
export function LineImage({ src, alt }: { src: string | null | undefined; alt: string }) {
  return (
    <div className="h-24 w-20 shrink-0 overflow-hidden rounded-md bg-stone-100">
      {src ? <img src={src} alt={alt} loading="lazy" className="h-full w-full object-cover" /> : null}
    </div>
  );
}
