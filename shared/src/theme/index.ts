export { CALENDAR_DEFAULTS, DATE_FORMAT } from './dates';
export { emerald, MOBILE_MENU_MAX_WIDTH, partaCssVariables, partaTheme, sky, Z_INDEX } from './theme';
