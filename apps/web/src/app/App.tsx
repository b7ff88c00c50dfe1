import { Toaster } from '@seamline/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { createQueryClient } from '../lib/query-client';
import { HEADER_HEIGHT_PX } from './layout/Header';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster belowPx={HEADER_HEIGHT_PX} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
