import { Loader, NumberInput, Paper, SimpleGrid, Switch, Text } from '@mantine/core';
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

/** Настройки организации (organization.settings): the school week and lessons a day, the notifications' hours and defaults, the limit of a teacher's lessons with substitutions. */
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
      <PageTitle description="Учебная неделя и уроки в день (из них строится сетка расписания), уведомления семьям и предел уроков учителя с заменами">
        Настройки организации
      </PageTitle>
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
              {(Object.keys(ORGANIZATION_SETTING_LIMITS) as OrganizationSettingKey[]).map((key, index) => {
                const limits = ORGANIZATION_SETTING_LIMITS[key];
                // A 0/1 setting (what a user of the school gets by default) is a yes-or-no switch.
                return limits.min === 0 && limits.max === 1 ? (
                  <Switch
                    key={key}
                    label={limits.label}
                    disabled={!editable}
                    checked={values[key] === 1}
                    error={errors[`${index}.value`]}
                    onChange={(event) => setValues({ ...values, [key]: event.currentTarget.checked ? 1 : 0 })}
                    style={{ alignSelf: 'center' }}
                  />
                ) : (
                  <NumberInput
                    key={key}
                    label={limits.label}
                    min={limits.min}
                    max={limits.max}
                    allowDecimal={false}
                    readOnly={!editable}
                    value={values[key]}
                    error={errors[`${index}.value`]}
                    onChange={(value) => setValues({ ...values, [key]: Number(value) || 0 })}
                  />
                );
              })}
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
