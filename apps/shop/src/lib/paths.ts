/** Where the storefront lives: the server serves it under /shop (the back office keeps /). */
export const SHOP_BASE = '/shop';

/**
 * A shop page's href from inside a nested route (checkout, account): wouter's `~` leaves every base, the shop's
 * `/shop` too, so the base is written back.
 */
export const shopHref = (path: string) => `~${SHOP_BASE}${path === '/' ? '' : path}`;

/** Full paths, for links that leave the router (mails, redirects after an expired session). */
export const SHOP_PATHS = {
  home: SHOP_BASE,
  signIn: `${SHOP_BASE}/account/sign-in`,
} as const;

/** The shopper's session in localStorage (the user; tokens are in memory and the refresh cookie, see @seamline/client). */
export const SHOP_SESSION_KEYS = {
  userData: 'shop.userData',
  sessionTimestamp: 'shop.sessionTimestamp',
  legacyAccessToken: 'shop.accessToken',
  legacyRefreshToken: 'shop.refreshToken',
} as const;
