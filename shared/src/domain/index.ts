// Formatters and rules of the front end (issue 3): money, names, week days and settings, marks.

// API contracts of sign-in, organizations and the user list (issue 2); the people contracts live in ./contracts/people.
export {
  type CurrentUser,
  currentUserSchema,
  type LoginBody,
  type LoginResponse,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  messageSchema,
  type Role,
  roleSchema,
} from './contracts/auth';
export {
  type DictionaryItem,
  dictionaryItemSchema,
  ORGANIZATION_SETTING_LIMITS,
  type OrganizationOption,
  organizationOptionSchema,
  organizationSettingSchema,
  type SettingsUpdate,
  settingsUpdateSchema,
} from './contracts/organizations';
export {
  type ResetPasswordResult,
  resetPasswordResponseSchema,
  rolesResponseSchema,
  type UserListResponse,
  userListResponseSchema,
} from './contracts/users';
export { formatDate, formatDayTime } from './dates';
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
export {
  fullName,
  type GroupLabel,
  greeting,
  groupName,
  initials,
  type PersonName,
  shortName,
} from './names';
export {
  type OrganizationSettingItem,
  type OrganizationSettingKey,
  parseSettings,
  SETTINGS_DEFAULTS,
  WEEK_DAYS,
  type WeekDay,
  workingDays,
} from './week';
