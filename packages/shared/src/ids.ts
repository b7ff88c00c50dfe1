export const OBJECT_ID_LENGTH = 24;
const HEX_24 = /^[0-9a-f]{24}$/;

/** The spec's wording for products; other resources use the same shape with their own noun. */
export function invalidIdMessage(resource: string, value: string): string {
  return `Invalid ${resource} ID format. Expected ${OBJECT_ID_LENGTH} characters, got ${value.length}`;
}
export const INVALID_HEX_MESSAGE = 'Expected 24-character hexadecimal string.';

export function isObjectId(value: string): boolean {
  return HEX_24.test(value);
}
