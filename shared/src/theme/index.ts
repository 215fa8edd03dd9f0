export { datesSettings } from './dates';
export {
  DATE_FORMAT,
  emerald,
  MOBILE_MENU_MAX_WIDTH,
  partaCssVariables,
  partaTheme,
  sky,
  Z_INDEX,
} from './theme';
