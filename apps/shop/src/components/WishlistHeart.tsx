import { HeartToggle } from '@seamline/ui';
import { useWishlistToggle } from '../lib/use-wishlist';

type Props = {
  productId: string;
  wished: boolean;
  /** The id of the product's name on the page: the heart is described by it ("Add to wishlist", Arctic Parka). */
  describedBy?: string;
  className?: string;
};

/** The wishlist heart of a product (a button of its own, never inside the product's link), with its error if any. */
export function WishlistHeart({ productId, wished, describedBy, className }: Props) {
  const { toggle, error } = useWishlistToggle();
  return (
    <div className={className}>
      <HeartToggle
        pressed={wished}
        onPressedChange={(on) => void toggle(productId, on)}
        labels={{ off: 'Add to wishlist', on: 'Remove from wishlist' }}
        aria-describedby={describedBy}
        className="bg-white/90 shadow-sm hover:bg-white"
      />
      {error ? (
        <p role="alert" className="mt-1 max-w-48 rounded-md bg-white px-2 py-1 text-xs text-sale shadow-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
