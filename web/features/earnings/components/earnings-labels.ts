import type { EarningsRange } from '#contracts/earnings';

export const RANGE_LABELS: Record<EarningsRange, string> = { '30d': '30 days', '12m': '12 months' };

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
