/** Where to go after signing in: the `next` query value when it is a path inside the account area, else the orders. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/orders';
}
