// Formatters and rules of the front end (issue 3): money, names, week days and settings, marks.

export {
  ATTENDANCE_INPUTS,
  ATTENDANCE_MARKS,
  type AttendanceMark,
  type AverageColor,
  averageColor,
  FINAL_MARKS,
  type FinalMark,
  finalMarkCategory,
  GRADES,
  type Grade,
  isGrade,
  type MarkCategory,
  type MarkInput,
  parseMarkInput,
} from './marks';
export { formatMoney, NBSP, toAmount } from './money';
export { fullName, type GroupLabel, groupName, type PersonName, shortName } from './names';
export {
  type OrganizationSettingItem,
  type OrganizationSettingKey,
  parseSettings,
  SETTINGS_DEFAULTS,
  WEEK_DAYS,
  type WeekDay,
  workingDays,
} from './week';
