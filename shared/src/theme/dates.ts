import type { DatesProviderSettings } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// dayjs is a shared singleton: configuring it here configures every remote.
dayjs.extend(customParseFormat);
dayjs.locale('ru');

/** Settings of the DatesProvider (SPEC §9): Russian, week starts Monday, weekend Sat–Sun. */
export const datesSettings: DatesProviderSettings = {
  locale: 'ru',
  firstDayOfWeek: 1,
  weekendDays: [6, 0],
};
