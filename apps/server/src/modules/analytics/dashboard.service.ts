import { type DashboardAnalytics, type DateRange, previousRange, relativeChange } from '@seamline/shared';
import type { DbOrTx } from '../../db/client.js';
import { inventorySummary } from './inventory-summary.js';
import { dailyOrders, orderTotals } from './orders.queries.js';
import { customersCreated, productsCreated } from './people.queries.js';
import { brandCatalogue, salesByCategory, topBrandSales } from './product-sales.js';

const TOP_RESELLERS = 5;

/**
 * The dashboard: order, customer and product figures of the range, each with its change against the previous
 * period of equal length (null for all time, or when the previous period had none), and the four chart series.
 */
export async function dashboardAnalytics(
  db: DbOrTx,
  range: DateRange,
  echo: DashboardAnalytics['range'],
): Promise<DashboardAnalytics> {
  const previous = previousRange(range);
  // Independent reads: in parallel on the pool's connections.
  const [orders, customers, products, stock, daily, categories, brands, before] = await Promise.all([
    orderTotals(db, range),
    customersCreated(db, range),
    productsCreated(db, range),
    inventorySummary(db),
    dailyOrders(db, range),
    salesByCategory(db, range),
    topBrandSales(db, range, TOP_RESELLERS),
    previous
      ? Promise.all([orderTotals(db, previous), customersCreated(db, previous), productsCreated(db, previous)]).then(
          ([o, c, p]) => ({ orders: o, customers: c, products: p }),
        )
      : null,
  ]);
  const delta = (current: number, pick: (b: NonNullable<typeof before>) => number) =>
    before ? relativeChange(current, pick(before)) : null;
  const catalogue = await brandCatalogue(
    db,
    brands.map((brand) => brand.brandId),
  );
  return {
    range: echo,
    orderStats: {
      totalOrders: orders.orders,
      totalRevenue: orders.revenue,
      completedOrders: orders.delivered,
      change: {
        totalOrders: delta(orders.orders, (b) => b.orders.orders),
        totalRevenue: delta(orders.revenue, (b) => b.orders.revenue),
        completedOrders: delta(orders.delivered, (b) => b.orders.delivered),
      },
    },
    userStats: {
      totalUsers: customers.total,
      activeUsers: customers.active,
      change: {
        totalUsers: delta(customers.total, (b) => b.customers.total),
        activeUsers: delta(customers.active, (b) => b.customers.active),
      },
    },
    productStats: {
      totalProducts: products.total,
      activeProducts: products.active,
      // Stock is a state of now: there is no earlier value to compare with.
      lowStockProducts: stock.lowStockProducts,
      change: {
        totalProducts: delta(products.total, (b) => b.products.total),
        activeProducts: delta(products.active, (b) => b.products.active),
        lowStockProducts: null,
      },
    },
    charts: {
      revenueByDay: daily.map(({ date, revenue, orders }) => ({ date, revenue, orders })),
      orderTrends: daily.map(({ date, orders, completed, cancelled }) => ({ date, orders, completed, cancelled })),
      productSalesByCategory: categories.map(({ category, quantity, revenue }) => ({
        category,
        units: quantity,
        revenue,
      })),
      topResellers: brands.map((brand) => ({
        ...brand,
        products: catalogue.get(brand.brandId)?.products ?? 0,
        averageRating: catalogue.get(brand.brandId)?.averageRating ?? 0,
      })),
    },
  };
}
