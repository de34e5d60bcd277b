import type { DbExecutor } from '#server/db/client';
import type { PlatformSettingsRepository } from './platform-settings.repository';

export type MoneySettings = {
  /** The smallest withdrawal a coach may request, in cents. */
  withdrawalMinimumCents: number;
  /** How many days captured earnings stay pending (refundable from the coach) before they can be withdrawn. */
  earningsHoldDays: number;
};

/** The defaults of migration 0008, used when a row is missing or holds something that is not a sane number. */
export const DEFAULT_MONEY_SETTINGS: MoneySettings = { withdrawalMinimumCents: 2000, earningsHoldDays: 7 };

const wholeNumber = (value: unknown, fallback: number, max: number): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max ? value : fallback;

/**
 * Platform-wide settings an admin may change (platform_settings). Read on every use (one indexed
 * query), so a change takes effect at once on every instance.
 */
export function createPlatformSettingsService(deps: { repository: PlatformSettingsRepository }) {
  const { repository } = deps;
  return {
    async getMoneySettings(executor: DbExecutor): Promise<MoneySettings> {
      const values = await repository.read(executor, ['withdrawal_minimum_cents', 'earnings_hold_days']);
      return {
        withdrawalMinimumCents: wholeNumber(
          values.get('withdrawal_minimum_cents'),
          DEFAULT_MONEY_SETTINGS.withdrawalMinimumCents,
          100_000_000,
        ),
        earningsHoldDays: wholeNumber(
          values.get('earnings_hold_days'),
          DEFAULT_MONEY_SETTINGS.earningsHoldDays,
          365,
        ),
      };
    },
  };
}

export type PlatformSettingsService = ReturnType<typeof createPlatformSettingsService>;
