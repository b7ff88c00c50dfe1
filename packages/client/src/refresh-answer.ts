import type { authContracts, EndpointResponse } from '@seamline/shared';

type RefreshAnswer = EndpointResponse<typeof authContracts.refresh>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';

/**
 * The tokens of a token refresh's answer when it has the shape its contract names (`{ success: true, data: { tokens } }`),
 * else null. Checked by hand, not with the contract's schema: the check runs in every app's first load, and the schema
 * would bring the whole validation library along (refresh-answer.test.ts holds the two to the same verdicts).
 */
export function refreshedTokens(body: unknown): RefreshAnswer['data']['tokens'] | null {
  if (!isRecord(body) || body.success !== true || !isOptionalString(body.message)) return null;
  const tokens = isRecord(body.data) ? body.data.tokens : undefined;
  if (!isRecord(tokens) || typeof tokens.accessToken !== 'string' || !isOptionalString(tokens.refreshToken))
    return null;
  return {
    accessToken: tokens.accessToken,
    ...(tokens.refreshToken === undefined ? {} : { refreshToken: tokens.refreshToken }),
  };
}
