import { orderPaymentContracts } from '@seamline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Settings → Payments: each payment method as the server's configuration has it (never a secret). */
export function usePaymentSettings() {
  return useQuery({
    queryKey: ['payment-settings'] as const,
    queryFn: async ({ signal }) => (await api.call(orderPaymentContracts.settings, { signal })).data.methods,
  });
}
