import { describe, expect, it } from 'vitest';
import {
  average,
  averageCustomerValue,
  averageDiscountRate,
  averageOrderValue,
  conversionRate,
  fulfillmentRate,
  percentChange,
  percentOf,
  ratio,
  relativeChange,
  retentionRate,
  revenueGrowth,
  roundMoney,
  share,
} from './kpis.js';

describe('KPI formulas (docs/domain.md § Domain rules)', () => {
  it('average order value: revenue ÷ revenue orders, to the cent; 0 without orders', () => {
    expect(averageOrderValue(100, 3)).toBe(33.33);
    expect(averageOrderValue(2.23, 2)).toBe(1.12);
    expect(averageOrderValue(50, 0)).toBe(0);
  });
  it('average customer value: revenue ÷ customers with orders', () => {
    expect(averageCustomerValue(1000, 3)).toBe(333.33);
    expect(averageCustomerValue(0, 0)).toBe(0);
  });
  it('conversion, retention and discount rates are ratios to 4 decimals, 0 over nothing', () => {
    expect(conversionRate(2, 3)).toBe(0.6667);
    expect(conversionRate(5, 0)).toBe(0);
    expect(retentionRate(1, 4)).toBe(0.25);
    expect(averageDiscountRate(10, 110)).toBe(0.0909);
  });
  it('fulfillment rate: delivered ÷ (all − cancelled − refunded)', () => {
    expect(fulfillmentRate({ orders: 10, delivered: 4, cancelled: 1, refunded: 1 })).toBe(0.5);
    expect(fulfillmentRate({ orders: 2, delivered: 0, cancelled: 1, refunded: 1 })).toBe(0);
  });
  it('revenue growth against the previous range; null without a previous range or base', () => {
    expect(revenueGrowth(150, 100)).toBe(0.5);
    expect(revenueGrowth(150, null)).toBeNull();
    expect(revenueGrowth(150, 0)).toBeNull();
    expect(revenueGrowth(0, 0)).toBe(0);
    expect(relativeChange(90, 100)).toBe(-0.1);
  });
  it('percent forms round to one decimal', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(1, 0)).toBe(0);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(5, 0)).toBeNull();
  });
  it('share and average are the unrounded forms; ratio and roundMoney round them', () => {
    expect(share(1, 3)).toBe(1 / 3);
    expect(share(1, 0)).toBe(0);
    expect(average(2.23, 2)).toBe(1.115);
    expect(ratio(1, 3)).toBe(0.3333);
    expect(roundMoney(1.115)).toBe(1.12);
  });
});
