const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value safe inside HTML or XML (names, descriptions and addresses are user input). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Dollars as shoppers read them: $1234.50. */
export const usd = (amount: number) => `$${amount.toFixed(2)}`;
