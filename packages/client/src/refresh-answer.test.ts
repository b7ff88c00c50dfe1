import { authContracts } from '@seamline/shared';
import { describe, expect, it } from 'vitest';
import { refreshedTokens } from './refresh-answer';

const tokens = { accessToken: 'access', refreshToken: 'refresh' };
const answers: [string, unknown][] = [
  ['a cookie client’s answer', { success: true, data: { tokens: { accessToken: 'access' } } }],
  ['an api client’s answer', { success: true, data: { tokens }, message: 'Refreshed' }],
  ['an answer with more than the contract names', { success: true, data: { tokens, user: {} }, extra: 1 }],
  ['a failure envelope', { success: false, error: 'Invalid refresh token', message: 'x', code: 'UNAUTHORIZED' }],
  ['no body', null],
  ['a text body', { error: 'Bad gateway' }],
  ['no tokens', { success: true, data: {} }],
  ['no data', { success: true }],
  ['a numeric access token', { success: true, data: { tokens: { accessToken: 1 } } }],
  ['a null refresh token', { success: true, data: { tokens: { accessToken: 'a', refreshToken: null } } }],
  ['a numeric message', { success: true, data: { tokens }, message: 2 }],
  ['success as a string', { success: 'true', data: { tokens } }],
  ['an array', [tokens]],
];

describe('the refresh answer check', () => {
  it.each(answers)('judges %s as the contract’s schema does', (_name, body) => {
    const parsed = authContracts.refresh.responses[200].safeParse(body);
    expect(refreshedTokens(body)).toEqual(parsed.success ? parsed.data.data.tokens : null);
  });

  it('takes the tokens of a well-formed answer', () => {
    expect(refreshedTokens({ success: true, data: { tokens } })).toEqual(tokens);
  });
});
