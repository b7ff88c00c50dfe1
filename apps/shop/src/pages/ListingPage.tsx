import { useDocumentTitle } from '../lib/use-document-title';

/** Placeholder until this page is built. */
export default function ListingPage() {
  useDocumentTitle('Products');
  return <h1 className="text-2xl font-semibold">Products</h1>;
}
