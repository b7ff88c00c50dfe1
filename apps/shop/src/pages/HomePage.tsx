import { productContracts } from '@seamline/shared';
import { useQuery } from '@tanstack/react-query';
import { ProductGrid } from '../components/ProductGrid';
import { api } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/** The landing page: the newest products (featured and trending sections, categories and brands come next). */
export function HomePage() {
  useDocumentTitle('Clothing for every day');
  const newest = useQuery({
    queryKey: ['products', 'newest'],
    queryFn: async () => (await api.call(productContracts.list, { query: { limit: 8 } })).data.products,
  });
  return (
    <section aria-labelledby="newest-heading">
      <h1 id="newest-heading" className="mb-4 text-2xl font-semibold tracking-tight">
        New in
      </h1>
      <ProductGrid products={newest.data} isLoading={newest.isPending} />
    </section>
  );
}
