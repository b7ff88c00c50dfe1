import { useDocumentTitle } from '../lib/use-document-title';

/** Placeholder until this page is built. */
export default function CartPage() {
  useDocumentTitle('Your cart');
  return <h1 className="text-2xl font-semibold">Your cart</h1>;
}
