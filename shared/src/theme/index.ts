export { CALENDAR_DEFAULTS, DATE_FORMAT } from './dates';
export {
  emerald,
  MOBILE_MENU_MAX_WIDTH,
  partaCssVariables,
  partaTheme,
  partaThemeFor,
  sky,
  Z_INDEX,
} from './theme';
