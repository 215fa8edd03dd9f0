import { apiClient, type OrganizationSettingKey } from '@parta/shared';

/** PUT /api/organizations/settings: the values go as strings (SPEC §7). */
export async function updateSettings(values: Record<OrganizationSettingKey, number>): Promise<void> {
  await apiClient.put(
    '/organizations/settings',
    (Object.keys(values) as OrganizationSettingKey[]).map((key) => ({ key, value: String(values[key]) })),
  );
}
