import {
  checkoutContracts,
  couponContracts,
  type EndpointInput,
  orderContracts,
  paymentContracts,
  profileContracts,
} from '@seamline/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ACCOUNT_QUERY_KEY } from '../../lib/query-client';

/** The checkout's reads: a signed-in customer's address book (under the account key, forgotten at sign-out). */
export const checkoutQueries = {
  savedAddresses: (enabled: boolean) =>
    queryOptions({
      queryKey: [...ACCOUNT_QUERY_KEY, 'addresses'] as const,
      queryFn: async ({ signal }) => (await api.call(profileContracts.listAddresses, { signal })).data.addresses,
      enabled,
      staleTime: 0,
    }),
  /** The payment methods the store offers now (cards always). */
  paymentOptions: () =>
    queryOptions({
      queryKey: ['checkout', 'payment-options'] as const,
      queryFn: async ({ signal }) => (await api.call(checkoutContracts.paymentOptions, { signal })).data,
      staleTime: 60_000,
    }),
};

/** Checks a coupon code against the cart's subtotal (a customer's or a guest's rules). */
export async function validateCoupon(code: string, subtotal: number, customer: boolean) {
  const contract = customer ? couponContracts.validate : couponContracts.validatePublic;
  return (await api.call(contract, { body: { code, subtotal } })).data.data;
}

type SessionBody = EndpointInput<typeof checkoutContracts.createSession>['body'];
type OrderBody = EndpointInput<typeof orderContracts.create>['body'];
type PayBody = EndpointInput<typeof paymentContracts.confirm>['body'];

/** The exact totals and a payment intent for a cart (a guest names the e-mail the order goes to). */
export const createCheckoutSession = (body: SessionBody, guestEmail: string | null) =>
  guestEmail === null
    ? api.call(checkoutContracts.createSession, { body })
    : api.call(checkoutContracts.createGuestSession, { body: { ...body, email: guestEmail } });

/** Places the order once per Idempotency-Key. */
export const createOrder = (body: OrderBody, guestEmail: string | null, idempotencyKey: string) => {
  const headers = { 'Idempotency-Key': idempotencyKey };
  return guestEmail === null
    ? api.call(orderContracts.create, { body, headers })
    : api.call(orderContracts.createGuest, { body: { ...body, email: guestEmail }, headers });
};

/** Pays a placed order with the card's token, once per Idempotency-Key. */
export const confirmPayment = (body: PayBody, idempotencyKey: string) =>
  api.call(paymentContracts.confirm, { body, headers: { 'Idempotency-Key': idempotencyKey } });

/** A placed order as the store has it now: a customer's own by id, a guest's by its number and e-mail. */
export const readOrder = async (order: { id: string; orderNumber: string }, guestEmail: string | null) =>
  guestEmail === null
    ? (await api.call(orderContracts.get, { params: { id: order.id } })).data.order
    : (
        await api.call(orderContracts.track, {
          params: { orderNumber: order.orderNumber },
          query: { email: guestEmail },
        })
      ).data.order;
