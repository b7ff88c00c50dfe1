import type { Endpoint } from '@seamline/shared';
import { vi } from 'vitest';
import { api } from '../lib/api';

export type Call = { contract: Endpoint; input: { body?: unknown; headers?: Record<string, string> } | undefined };

/**
 * Answers the storefront's API calls in a test: `answer` gets each call's contract and input and returns the answer's
 * `data` (or throws, as the client does for a refusal). The calls are recorded in order.
 */
export function mockApi(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  const call = async (contract: Endpoint, input?: Call['input']) => {
    const recorded = { contract, input };
    calls.push(recorded);
    return { success: true, data: await answer(recorded) };
  };
  vi.spyOn(api, 'call').mockImplementation(call as unknown as typeof api.call);
  return calls;
}
