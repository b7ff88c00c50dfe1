import { useDocumentTitle } from '../lib/use-document-title';

/** Placeholder until this page is built. */
export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  return <h1 className="text-2xl font-semibold">Checkout</h1>;
}
