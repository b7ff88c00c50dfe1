/** Constants of the specification (both parts). Imported by server and web; never re-typed. */

/** The store's name as shoppers see it (storefront pages, search-engine tags, customer mails). */
export const STORE_NAME = 'Seamline';

export const ROLES = ['admin', 'moderator', 'support', 'customer'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['admin', 'moderator', 'support'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Only these roles can be created from the admin panel. */
export const CREATABLE_STAFF_ROLES = ['support', 'moderator'] as const satisfies readonly StaffRole[];

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'One Size'] as const;
export const COLORS = [
  'Black',
  'White',
  'Red',
  'Blue',
  'Green',
  'Yellow',
  'Orange',
  'Purple',
  'Pink',
  'Brown',
  'Gray',
  'Navy',
  'Maroon',
  'Teal',
  'Coral',
  'Indigo',
  'Violet',
  'Beige',
  'Cream',
  'Tan',
  'Khaki',
  'Burgundy',
  'Charcoal',
  'Slate',
  'Turquoise',
  'Lavender',
  'Mint',
  'Peach',
  'Salmon',
  'Plum',
  'Multi',
  'Pattern',
  'Custom',
] as const;
/** A swatch for each color name: the storefront's color chips and the demo data's generated pictures. */
export const COLOR_HEX: Readonly<Record<string, string>> = {
  Black: '#1f2937',
  White: '#f9fafb',
  Red: '#dc2626',
  Blue: '#2563eb',
  Green: '#15803d',
  Yellow: '#facc15',
  Orange: '#f97316',
  Purple: '#7e22ce',
  Pink: '#f472b6',
  Brown: '#7c4a1e',
  Gray: '#9ca3af',
  Navy: '#1e3a8a',
  Maroon: '#7f1d1d',
  Teal: '#0d9488',
  Coral: '#fb7185',
  Indigo: '#3730a3',
  Violet: '#8b5cf6',
  Beige: '#e7d8b9',
  Cream: '#f5f0dc',
  Tan: '#c8a27a',
  Khaki: '#b5a46a',
  Burgundy: '#7b1e3b',
  Charcoal: '#374151',
  Slate: '#64748b',
  Turquoise: '#2dd4bf',
  Lavender: '#c4b5fd',
  Mint: '#a7f3d0',
  Peach: '#fdba9a',
  Salmon: '#fa8072',
  Plum: '#6b2152',
  Multi: '#8b5cf6',
  Pattern: '#64748b',
  Custom: '#9ca3af',
};

/** The colors the storefront's listing filter offers (the common ones; a color in the URL is shown too). */
export const STOREFRONT_FILTER_COLORS = [
  'Black',
  'White',
  'Gray',
  'Navy',
  'Blue',
  'Green',
  'Red',
  'Pink',
  'Brown',
  'Beige',
  'Tan',
  'Cream',
] as const satisfies readonly (typeof COLORS)[number][];

export const DEFAULT_SIZE = 'One Size';
export const DEFAULT_COLOR = 'Black';

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['stripe', 'paypal', 'cash', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Stripe',
  paypal: 'PayPal',
  cash: 'Cash on Delivery',
  bank_transfer: 'Bank Transfer',
};
export const COUPON_TYPES = ['percentage', 'fixed', 'free_shipping'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
/** Where an order's stock stands: reserved (held), committed (taken out of quantity), released (given back). */
export const ORDER_STOCK_STATES = ['reserved', 'committed', 'released'] as const;
export type OrderStockState = (typeof ORDER_STOCK_STATES)[number];
/**
 * A payment row (one step of an order's payment timeline): a charge through a provider (its attempt, authorisation and
 * capture are the row's status over time), a refund of one, a dispute of one, or money staff recorded by hand (cash
 * on delivery, a bank transfer).
 */
export const PAYMENT_KINDS = ['charge', 'refund', 'dispute', 'manual'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/** Single-use tokens sent by mail: password reset (1 h) and e-mail verification (24 h). */
export const MAIL_TOKEN_KINDS = ['password_reset', 'email_verification'] as const;
export type MailTokenKind = (typeof MAIL_TOKEN_KINDS)[number];

/**
 * A browser session (docs/decisions/0052-session-tokens-in-a-cookie.md): the signed-in user and when the session
 * started are kept in localStorage (a hint that a session exists, no credential); the access token lives in memory only
 * and the refresh token in an HttpOnly cookie. `legacyAccessToken`/`legacyRefreshToken` are where sessions kept their
 * tokens before: read once to move a session over to the cookie, then removed.
 */
export const SESSION = {
  lifetimeMs: 7 * 24 * 60 * 60 * 1000, // 10080 minutes
  keys: {
    userData: 'userData',
    sessionTimestamp: 'sessionTimestamp',
    legacyAccessToken: 'accessToken',
    legacyRefreshToken: 'refreshToken',
  },
} as const;

export const HTTP = {
  basePath: '/api',
  timeoutMs: 10_000,
  /**
   * When the web clients send a call again after 429 or 503 (packages/client retry.ts): at most `maxRetries` times,
   * after 1, 2, 4 s (the specification) or the server's Retry-After when longer, each lengthened by up to `jitter` of
   * itself and capped at `maxDelayMs` (a longer Retry-After is not waited for: the call fails at once). Retries of one
   * browser tab draw on a bucket of `budget` tokens refilled at `budgetRefillPerSecond`, so a failing server is not
   * hammered by every call of a page.
   */
  retry: {
    maxRetries: 3,
    initialDelayMs: 1000,
    multiplier: 2,
    jitter: 0.5,
    maxDelayMs: 10_000,
    budget: 10,
    budgetRefillPerSecond: 0.5,
  },
} as const;

/**
 * Who asks for a session, named in the `X-Seamline-Client` request header on sign-in, refresh and logout: the two
 * browser apps keep the refresh token in an HttpOnly cookie of their own (so a staff session and a shopper's session
 * in one browser stay apart); `api` (native and server-side clients) gets it in the JSON answer and sends it back in
 * the body. Without the header a sign-in answers the access token only.
 */
export const SESSION_CLIENTS = ['back-office', 'shop', 'api'] as const;
export type SessionClient = (typeof SESSION_CLIENTS)[number];
export type BrowserSessionClient = Exclude<SessionClient, 'api'>;
export const SESSION_CLIENT_HEADER = 'x-seamline-client';

/**
 * The refresh-token cookie: `HttpOnly; Secure; SameSite=Strict`, sent only to the auth endpoints (refresh, logout).
 * Browsers treat http://localhost and http://127.0.0.1 as secure, so `Secure` works in local use too.
 */
export const REFRESH_COOKIE = {
  path: `${HTTP.basePath}/auth`,
  names: { 'back-office': 'seamline_refresh', shop: 'seamline_shop_refresh' },
} as const satisfies { path: string; names: Record<BrowserSessionClient, string> };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PERSON_NAME_MIN = 2;
export const MAX_PAGE_LIMIT = 100;
/**
 * Lists count matching rows exactly up to this many; past it `pagination.total` is PostgreSQL's estimate and
 * `pagination.exact` is false, so a page's cost does not grow with the size of the store.
 */
export const COUNT_EXACT_LIMIT = 10_000;
/**
 * The storefront list counts exactly up to this many matches and estimates past it: a shopper needs "1,000+ results",
 * not the exact figure, and every list request pays for the count.
 */
export const STOREFRONT_COUNT_EXACT_LIMIT = 1_000;
/**
 * A back-office search counts its matches exactly up to this many and estimates past it ("about 8,370"): a
 * substring search re-checks every matching row to count it, so its count cost grows with the matches, and the
 * list's first page must not.
 */
export const SEARCH_COUNT_EXACT_LIMIT = 1_000;

export const DASHBOARD_PERIODS = {
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 86_400_000,
  monthly: 30 * 86_400_000,
  overall: null,
} as const;
export type DashboardPeriod = keyof typeof DASHBOARD_PERIODS;

export const TOAST_MS = {
  dashboard: 3000,
  users: 5000,
  products: 4000,
  orders: 4000,
  inventory: 4000,
  categories: 5000,
  brands: 5000,
  coupons: 5000,
  customers: 4000,
  reviews: 4000,
} as const;

export const PAGE_SIZES = {
  users: 9,
  productSidebar: 10,
  productTable: 10,
  productGrid: 8,
  productServer: 10,
  productPicker: 100,
  productsByCategory: 12,
  /** The storefront's search, category and brand listings (divides by 2, 3 and 4: full rows at every width). */
  storefrontListing: 24,
  featured: 8,
  related: 4,
  inventoryHistory: 20,
  inventoryList: 20,
  inventoryTable: 10,
  /** Low-stock alerts: the endpoint's default page and the Alerts tab grid (Overview and table: below). */
  lowStockServer: 20,
  lowStockGrid: 12,
  ordersServer: 10,
  ordersSidebar: 10,
  ordersTable: 10,
  ordersGrid: 8,
  adminOrdersDefault: 20,
  myOrders: 10,
  categories: 9,
  brands: 9,
  coupons: 9,
  customersServer: 10,
  customersSidebar: 10,
  customersTable: 10,
  customersGrid: 8,
  activityLogs: 25,
  activityTimeline: 10,
  topProducts: 10,
  topCustomers: 10,
  lowStockOverview: 5,
  lowStockTable: 10,
  topStockCategories: 3,
  /** The review moderation queue: the endpoint's default page, and the back office's Reviews screen (like its lists). */
  reviewsServer: 20,
  reviewsList: 10,
} as const;

export const DEBOUNCE_MS = {
  users: 400,
  products: 300,
  orders: 300,
  categories: 400,
  brands: 400,
  coupons: 400,
  customers: 300,
  activityLogs: 300,
  /** The inventory table and alert searches (the spec gives none; they now ask the server, so they wait like products). */
  inventory: 300,
} as const;

export const STOCK = {
  defaultThresholdForm: 5,
  defaultThresholdStockDialog: 10,
  defaultThresholdNewVariant: 5,
  moderateBandFactor: 1.5,
  criticalFactor: 0.5,
  historyPeriodsDays: [7, 30, 90] as const,
  historyDefaultDays: 30,
  averageStockBarScale: 100,
} as const;

export const ANALYTICS_RANGES_DAYS = [7, 30, 90, 365] as const;
export const REPORT_RANGES_DAYS = [7, 30, 90] as const;
export const DEFAULT_RANGE_DAYS = 30;
export const ACTIVITY_LOG_CACHE_MS = 60_000;

export const CUSTOMER_TIERS = { high: 1000, medium: 500 } as const;

export const COUPON_DEFAULTS = {
  type: 'percentage',
  value: 0,
  usageLimit: 100,
  userUsageLimit: 1,
  isActive: true,
  firstTimeUserOnly: false,
  validityDays: 30,
  maxUsageLimit: 10_000,
} as const;

/**
 * The id of the JSON element a server-rendered storefront page carries its data in (the product of a product page),
 * so the app shows it without asking the API first.
 */
export const SHOP_PAGE_DATA_ID = 'shop-page-data';

/** Storefront answers show a variant's available units up to this number ("10 or more" at the cap). */
export const STOREFRONT_AVAILABLE_CAP = 10;
