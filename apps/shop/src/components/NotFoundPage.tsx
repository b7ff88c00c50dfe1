import { buttonVariants, cn } from '@seamline/ui';
import { Link } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-stone-600">The page you asked for does not exist or has moved.</p>
      <Link href="/" className={cn(buttonVariants({ size: 'lg' }), 'mt-6')}>
        Continue shopping
      </Link>
    </section>
  );
}
