/**
 * Type test (checked by `tsc -p apps/web`, never run): the response fields the screens read exist in their endpoint
 * contracts. Removing or renaming one of them in packages/shared makes this file fail to compile with
 * `Type '{ missing: "usedCount" }' does not satisfy the constraint 'true'`, naming the field.
 */
import type {
  activityLogContracts,
  couponContracts,
  customerContracts,
  EndpointResponse,
  inventoryContracts,
  invitationContracts,
  productContracts,
  userContracts,
} from '@seamline/shared';

/** Compiles only when `T` is `true`. */
export type Expect<T extends true> = T;
/** `true` when every one of `Fields` is a property of `T`, else the ones that are missing. */
export type HasFields<T, Fields extends PropertyKey> = [Exclude<Fields, keyof T>] extends [never]
  ? true
  : { missing: Exclude<Fields, keyof T> };

/** `true` when `A` and `B` are the same type. */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Item<T> = T extends readonly (infer I)[] ? I : never;
type Data<R> = R extends { data: infer D } ? D : never;

// Coupons page and coupon card: `data.data` (the specification), its pagination, and each coupon's fields.
type CouponList = Data<EndpointResponse<typeof couponContracts.list>>;
type Coupon = Item<CouponList['data']>;
export type CouponScreens = [
  Expect<HasFields<CouponList, 'data' | 'pagination'>>,
  Expect<HasFields<CouponList['pagination'], 'page' | 'total' | 'totalPages'>>,
  Expect<
    HasFields<
      Coupon,
      | 'id'
      | 'code'
      | 'name'
      | 'description'
      | 'type'
      | 'value'
      | 'usageLimit'
      | 'usedCount'
      | 'userUsageLimit'
      | 'isActive'
      | 'firstTimeUserOnly'
      | 'startDate'
      | 'endDate'
      | 'minOrderAmount'
      | 'maxDiscount'
      | 'status'
    >
  >,
];

// Staff users page.
type UserList = Data<EndpointResponse<typeof userContracts.list>>;
export type UserScreens = [
  Expect<HasFields<UserList, 'users' | 'pagination'>>,
  Expect<
    HasFields<Item<UserList['users']>, 'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'isActive' | 'lastLogin'>
  >,
];

// Pending invitations card and the accept-invitation page.
type InvitationList = Data<EndpointResponse<typeof invitationContracts.list>>;
type InvitationPreview = Data<EndpointResponse<typeof invitationContracts.preview>>;
export type InvitationScreens = [
  Expect<HasFields<InvitationList, 'invitations' | 'pagination'>>,
  Expect<HasFields<InvitationList['pagination'], 'total' | 'totalPages'>>,
  Expect<
    HasFields<
      Item<InvitationList['invitations']>,
      'id' | 'email' | 'role' | 'status' | 'invitedBy' | 'expiresAt' | 'createdAt'
    >
  >,
  Expect<HasFields<Data<EndpointResponse<typeof invitationContracts.create>>['invitation'], 'email'>>,
  Expect<HasFields<InvitationPreview, 'email' | 'role'>>,
];

// Activity logs page.
type LogList = Data<EndpointResponse<typeof activityLogContracts.list>>;
export type ActivityLogScreens = [
  Expect<HasFields<LogList, 'logs' | 'pagination'>>,
  Expect<
    HasFields<
      Item<LogList['logs']>,
      'id' | 'action' | 'resource' | 'resourceId' | 'status' | 'user' | 'ip' | 'userAgent' | 'createdAt'
    >
  >,
];

// Products page: the list's rows (the detail panel and the dialogs read one product, the staff view).
type ProductRows = Data<EndpointResponse<typeof productContracts.adminRows>>;
export type ProductScreens = [
  Expect<HasFields<ProductRows, 'products' | 'pagination' | 'catalogue'>>,
  Expect<
    HasFields<
      Item<ProductRows['products']>,
      | 'id'
      | 'name'
      | 'sku'
      | 'category'
      | 'subcategory'
      | 'brand'
      | 'price'
      | 'salePrice'
      | 'isActive'
      | 'availableStock'
      | 'stockStatus'
      | 'thumbnail'
    >
  >,
];

// Inventory page (the staff product list, full staff view).
type ProductList = Data<EndpointResponse<typeof productContracts.adminList>>;
export type InventoryProductScreens = [
  Expect<HasFields<ProductList, 'products' | 'pagination'>>,
  Expect<
    HasFields<
      Item<ProductList['products']>,
      | 'id'
      | 'name'
      | 'sku'
      | 'price'
      | 'salePrice'
      | 'category'
      | 'brand'
      | 'images'
      | 'inventory'
      | 'isActive'
      | 'totalStock'
      | 'availableStock'
      | 'reservedStock'
      | 'stockStatus'
    >
  >,
];

// Inventory page: the KPI tiles and the low-stock alerts.
export type InventoryScreens = [
  Expect<
    HasFields<
      Data<EndpointResponse<typeof inventoryContracts.analytics>>,
      'totalProducts' | 'lowStockProducts' | 'outOfStockProducts'
    >
  >,
  Expect<
    HasFields<
      Item<Data<EndpointResponse<typeof inventoryContracts.lowStock>>>,
      'productId' | 'productName' | 'variant' | 'currentStock' | 'threshold' | 'status' | 'image'
    >
  >,
];

// Customers page: every customer's list fields, and the details modal's orders and addresses.
type CustomerList = Data<EndpointResponse<typeof customerContracts.list>>;
type CustomerDetail = Data<EndpointResponse<typeof customerContracts.get>>;
export type CustomerScreens = [
  Expect<HasFields<CustomerList, 'users' | 'pagination'>>,
  Expect<HasFields<CustomerList['pagination'], 'pages'>>,
  Expect<
    HasFields<
      Item<CustomerList['users']>,
      | 'id'
      | 'email'
      | 'firstName'
      | 'lastName'
      | 'phone'
      | 'isActive'
      | 'emailVerified'
      | 'lastLogin'
      | 'createdAt'
      | 'updatedAt'
      | 'orderCount'
      | 'totalSpent'
      | 'tier'
    >
  >,
  Expect<HasFields<CustomerDetail, 'user' | 'orders' | 'addresses'>>,
  Expect<
    HasFields<
      Item<CustomerDetail['orders']>,
      'id' | 'orderNumber' | 'status' | 'paymentStatus' | 'total' | 'itemsCount' | 'createdAt'
    >
  >,
  Expect<
    HasFields<
      Item<CustomerDetail['addresses']>,
      'id' | 'label' | 'firstName' | 'lastName' | 'street' | 'state' | 'zipCode' | 'phone' | 'isDefault'
    >
  >,
];

// The check itself: a coupon without `usedCount` is reported, and the report names the field.
export type SelfTest = Expect<
  Equals<HasFields<Omit<Coupon, 'usedCount'>, 'usedCount' | 'code'>, { missing: 'usedCount' }>
>;
