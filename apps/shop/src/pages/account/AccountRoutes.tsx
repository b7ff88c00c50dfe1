import { useDocumentTitle } from '../../lib/use-document-title';

/** Placeholder until this page is built. */
export default function AccountRoutes() {
  useDocumentTitle('Your account');
  return <h1 className="text-2xl font-semibold">Your account</h1>;
}
