import { apiClient, type OrganizationSettingKey, parseSettings, SETTINGS_DEFAULTS } from '@parta/shared';
import { useQuery } from '@tanstack/react-query';

export const settingsKey = ['organizations', 'settings'] as const;

/**
 * GET /api/organizations/settings parsed as integers with defaults (SPEC §5); a failure is logged
 * and the defaults are restored (SPEC §8).
 */
export async function getSettings(signal?: AbortSignal): Promise<Record<OrganizationSettingKey, number>> {
  try {
    const response = await apiClient.get<{ data: { key: string; value: string; default: string }[] }>(
      '/organizations/settings',
      { signal },
    );
    return parseSettings(response.data.data);
  } catch (error) {
    console.error('Ошибка загрузки настроек организации:', error);
    return { ...SETTINGS_DEFAULTS };
  }
}

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => getSettings(signal) });
}
