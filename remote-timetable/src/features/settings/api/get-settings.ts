import {
  apiGet,
  type OrganizationSettingKey,
  parseSettings,
  queryKeys,
  SETTINGS_DEFAULTS,
} from '@parta/shared';
import { useQuery } from '@tanstack/react-query';

/**
 * GET /api/organizations/settings parsed as integers with defaults (SPEC §5); a failure is logged
 * and the defaults are restored (SPEC §8).
 */
export async function getSettings(signal?: AbortSignal): Promise<Record<OrganizationSettingKey, number>> {
  try {
    return parseSettings(
      await apiGet<{ key: string; value: string; default: string }[]>('/organizations/settings', { signal }),
    );
  } catch (error) {
    console.error('Ошибка загрузки настроек организации:', error);
    return { ...SETTINGS_DEFAULTS };
  }
}

export function useSettings() {
  return useQuery({
    queryKey: queryKeys.organizations.settings,
    queryFn: ({ signal }) => getSettings(signal),
  });
}
