import { type AnalyticsRangeQuery, DAY_MS, DEFAULT_RANGE_DAYS, isoDay, lastDaysQuery } from '@seamline/shared';
import { useMemo, useState } from 'react';

/** The range just before `days` (same length), for data-driven KPI changes. */
export function previousDaysQuery(days: number, now = new Date()): AnalyticsRangeQuery {
  const current = lastDaysQuery(days, now);
  const start = new Date(`${current.startDate}T00:00:00Z`).getTime();
  const length = new Date(`${current.endDate}T00:00:00Z`).getTime() + DAY_MS - start;
  return { startDate: isoDay(new Date(start - length)), endDate: isoDay(new Date(start - DAY_MS)) };
}

/** The "last N days" choice of an analytics screen: the days, their range and the range of equal length before. */
export function useDayRange(initial: number = DEFAULT_RANGE_DAYS) {
  const [days, setDays] = useState(initial);
  const query = useMemo(() => lastDaysQuery(days), [days]);
  const previousQuery = useMemo(() => previousDaysQuery(days), [days]);
  return { days, setDays, query, previousQuery };
}
