import { Loader, NumberInput, Paper, SimpleGrid, Text } from '@mantine/core';
import {
  notify,
  type OrganizationSettingKey,
  PageTitle,
  SaveForm,
  useFormSave,
  usePermissions,
  workingDays,
} from '@parta/shared';
import { ORGANIZATION_SETTING_LIMITS } from '@parta/shared/domain/contracts/organizations';
import { useEffect, useState } from 'react';
import { useSettings } from '../features/settings/api/get-settings';
import { useUpdateSettings } from '../features/settings/api/update-settings';

/** Настройки организации (organization.settings): lessons a day and working days a week. */
export function SettingsPage() {
  const { can } = usePermissions();
  const settings = useSettings();
  const updateSettings = useUpdateSettings();
  const [values, setValues] = useState<Record<OrganizationSettingKey, number> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useFormSave(setErrors);
  const editable = can('organization.settings');

  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data]);

  return (
    <>
      <PageTitle description="Сетка расписания строится из этих значений">Настройки организации</PageTitle>
      <Paper withBorder p="md" radius="md" maw={640}>
        {!values ? (
          <Loader />
        ) : (
          <SaveForm
            save={save}
            readOnly={!editable}
            onSubmit={(event) => {
              event.preventDefault();
              void save.run(async () => {
                await updateSettings.mutateAsync(values);
                notify.success('Настройки сохранены');
              });
            }}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {(Object.keys(ORGANIZATION_SETTING_LIMITS) as OrganizationSettingKey[]).map((key, index) => (
                <NumberInput
                  key={key}
                  label={ORGANIZATION_SETTING_LIMITS[key].label}
                  min={ORGANIZATION_SETTING_LIMITS[key].min}
                  max={ORGANIZATION_SETTING_LIMITS[key].max}
                  allowDecimal={false}
                  readOnly={!editable}
                  value={values[key]}
                  error={errors[`${index}.value`]}
                  onChange={(value) => setValues({ ...values, [key]: Number(value) || 0 })}
                />
              ))}
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              Рабочие дни: {workingDays(values.working_days_per_week).join(', ')}
            </Text>
          </SaveForm>
        )}
      </Paper>
    </>
  );
}
