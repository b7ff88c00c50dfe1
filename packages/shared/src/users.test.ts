import { describe, expect, it } from 'vitest';
import { CREATE_ROLE_MESSAGE, createUserInput, PHONE_MESSAGE, phoneSchema } from './users.js';

describe('phoneSchema', () => {
  it.each([
    ['5551234567', '5551234567'],
    ['555 123-4567', '5551234567'],
    ['(555) 123.4567', '5551234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['', undefined],
    ['   ', undefined],
  ])('accepts %j as %j', (input, output) => {
    expect(phoneSchema.parse(input)).toBe(output);
  });

  it.each(['0551234567', '+0551234567', '123456', '1234567890123456', '555-CALL-NOW', '++15551234567'])(
    'refuses %j',
    (input) => {
      const result = phoneSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PHONE_MESSAGE);
    },
  );
});

describe('createUserInput', () => {
  const valid = { email: 'a@b.co', password: '12345678', firstName: 'Al', lastName: 'Bo' };
  it('defaults the role to support and leaves phone out when empty', () => {
    expect(createUserInput.parse({ ...valid, phone: '' })).toEqual({ ...valid, role: 'support', phone: undefined });
  });
  it('refuses the admin role with the security note', () => {
    const result = createUserInput.safeParse({ ...valid, role: 'admin' });
    expect(result.error?.issues[0]?.message).toBe(CREATE_ROLE_MESSAGE);
  });
});
