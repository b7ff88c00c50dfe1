import { useDocumentTitle } from '../lib/use-document-title';

/** Placeholder until this page is built. */
export default function TrackOrderPage() {
  useDocumentTitle('Track your order');
  return <h1 className="text-2xl font-semibold">Track your order</h1>;
}
