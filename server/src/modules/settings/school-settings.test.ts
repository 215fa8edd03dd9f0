import { parseSettings, SETTINGS_DEFAULTS } from '@parta/shared/domain/week';
import { parseSchoolSettings } from './school-settings.service';

describe('parseSchoolSettings', () => {
  it('gives every default when nothing is stored', () => {
    expect(parseSchoolSettings([])).toEqual(SETTINGS_DEFAULTS);
  });

  it('reads stored integers and falls back on an unparseable or empty value', () => {
    const settings = parseSchoolSettings([
      { key: 'working_days_per_week', value: '5' },
      { key: 'max_lessons_per_day', value: 'много' },
      { key: 'digest_hour', value: '' },
      { key: 'quiet_hours_from', value: '22 часа' },
      { key: 'unknown_key', value: '3' },
    ]);
    expect(settings.working_days_per_week).toBe(5);
    expect(settings.max_lessons_per_day).toBe(SETTINGS_DEFAULTS.max_lessons_per_day);
    expect(settings.digest_hour).toBe(SETTINGS_DEFAULTS.digest_hour);
    expect(settings.quiet_hours_from).toBe(22);
    expect(Object.keys(settings).sort()).toEqual(Object.keys(SETTINGS_DEFAULTS).sort());
  });

  it('reads what the hand-written parse of the listed items read', () => {
    const rows = [
      { key: 'warnings_hour', value: '7' },
      { key: 'email_by_default', value: '0' },
      { key: 'max_teacher_lessons_per_week', value: '-3' },
    ];
    const listed = Object.entries(SETTINGS_DEFAULTS).map(([key, fallback]) => ({
      key,
      value: rows.find((row) => row.key === key)?.value ?? String(fallback),
      default: String(fallback),
    }));
    expect(parseSchoolSettings(rows)).toEqual(parseSettings(listed));
  });
});
