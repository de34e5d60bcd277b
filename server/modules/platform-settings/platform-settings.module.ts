import { createPlatformSettingsRepository } from './platform-settings.repository';
import { createPlatformSettingsService, type PlatformSettingsService } from './platform-settings.service';

/**
 * Money settings (withdrawal minimum, earnings hold days), read from platform_settings on each use by
 * earnings and payouts. No HTTP routes.
 */
export function registerPlatformSettings(): PlatformSettingsService {
  return createPlatformSettingsService({ repository: createPlatformSettingsRepository() });
}
