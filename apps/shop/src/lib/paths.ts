/** Where the storefront lives: the server serves it under /shop (the back office keeps /). */
export const SHOP_BASE = '/shop';

/** Full paths, for links that leave the router (mails, redirects after an expired session). */
export const SHOP_PATHS = {
  home: SHOP_BASE,
  signIn: `${SHOP_BASE}/account/sign-in`,
} as const;

export const SHOP_SESSION_KEYS = {
  accessToken: 'shop.accessToken',
  refreshToken: 'shop.refreshToken',
  userData: 'shop.userData',
  sessionTimestamp: 'shop.sessionTimestamp',
} as const;
