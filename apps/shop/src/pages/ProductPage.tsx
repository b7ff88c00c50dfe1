import { useDocumentTitle } from '../lib/use-document-title';

/** Placeholder until this page is built. */
export default function ProductPage() {
  useDocumentTitle('Product');
  return <h1 className="text-2xl font-semibold">Product</h1>;
}
