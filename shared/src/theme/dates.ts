import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { weekendDays } from '../domain/week';

// dayjs is a shared singleton: configuring it here, when the host loads the theme, configures every
// remote before any of them renders a date (typed dates are parsed by format: customParseFormat).
dayjs.extend(customParseFormat);
dayjs.locale('ru');

/** Date format of the product locale (SPEC §9: dd.mm.yy). */
export const DATE_FORMAT = 'DD.MM.YY';

/**
 * The calendar of every date component (SPEC §9): Russian month and day names, week from Monday,
 * weekend the days after a school's working days (a six-day school's Saturday is a school day, not
 * red; SETTINGS_DEFAULTS is the six-day week). Given as theme defaults (partaTheme), so a date field of any remote
 * is Russian from its first opening without a DatesProvider around it.
 */
export const CALENDAR_DEFAULTS = {
  locale: 'ru',
  firstDayOfWeek: 1,
  weekendDays: weekendDays(),
};
