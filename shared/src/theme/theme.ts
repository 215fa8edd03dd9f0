import { type CSSVariablesResolver, createTheme, darken, type MantineColorsTuple } from '@mantine/core';
import { weekendDays, workingDays } from '../domain/week';
import { CALENDAR_DEFAULTS, DATE_FORMAT } from './dates';

/** Emerald, the primary colour of the main layout (SPEC §9), light → dark. */
export const emerald: MantineColorsTuple = [
  '#ecfdf5',
  '#d1fae5',
  '#a7f3d0',
  '#6ee7b7',
  '#34d399',
  '#10b981',
  '#059669',
  '#047857',
  '#065f46',
  '#064e3b',
];

/** Sky, the primary colour of the date components (SPEC §9). */
export const sky: MantineColorsTuple = [
  '#f0f9ff',
  '#e0f2fe',
  '#bae6fd',
  '#7dd3fc',
  '#38bdf8',
  '#0ea5e9',
  '#0284c7',
  '#0369a1',
  '#075985',
  '#0c4a6e',
];

/**
 * Layer indexes. SPEC §9: sidebar menu and its overlay 1000, modal 1100, tooltip 1100. Dropdowns
 * (selects, date pickers, menus) must open above a modal they sit in, and toasts above everything.
 */
export const Z_INDEX = {
  menu: 1000,
  overlay: 1000,
  modal: 1100,
  tooltip: 1100,
  popover: 1200,
  toast: 1300,
} as const;

/** At or below this width the sidebar is a mobile overlay (SPEC §9). */
export const MOBILE_MENU_MAX_WIDTH = 991;

/** The clear button of a date field is an icon: it needs a name of its own (WCAG 4.1.2). */
const clearDate = { 'aria-label': 'Очистить дату' };

/**
 * The Mantine theme of the host (the only MantineProvider) for a school whose week has
 * `workingDaysPerWeek` days: every calendar marks the days after them as weekend (a five-day
 * school's Saturday red, a six-day school's not).
 */
export function partaThemeFor(workingDaysPerWeek?: number) {
  const days = workingDays(workingDaysPerWeek).length;
  // One theme object per week length: the signed-in user's arrival gives a six-day school the very
  // theme it had before, so Mantine does not redraw every component for nothing.
  let theme = themesByWeek.get(days);
  if (!theme) {
    theme = buildTheme(days);
    themesByWeek.set(days, theme);
  }
  return theme;
}

const themesByWeek = new Map<number, ReturnType<typeof buildTheme>>();

function buildTheme(workingDaysPerWeek: number) {
  const calendar = { ...CALENDAR_DEFAULTS, weekendDays: weekendDays(workingDaysPerWeek) };
  const dateInputDefaults = {
    defaultProps: { ...calendar, valueFormat: DATE_FORMAT, color: 'sky', clearButtonProps: clearDate },
  };
  const calendarDefaults = { defaultProps: calendar };
  return createTheme({
    primaryColor: 'emerald',
    // Shade 7 keeps white button text above 4.5:1 contrast; 6 would be 3.8:1.
    primaryShade: { light: 7, dark: 7 },
    colors: { emerald, sky },
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      Modal: { defaultProps: { zIndex: Z_INDEX.modal } },
      Drawer: { defaultProps: { zIndex: Z_INDEX.overlay } },
      Overlay: { defaultProps: { zIndex: Z_INDEX.overlay } },
      Menu: { defaultProps: { zIndex: Z_INDEX.popover } },
      Popover: { defaultProps: { zIndex: Z_INDEX.popover } },
      Combobox: { defaultProps: { zIndex: Z_INDEX.popover } },
      HoverCard: { defaultProps: { zIndex: Z_INDEX.popover } },
      Tooltip: { defaultProps: { zIndex: Z_INDEX.tooltip } },
      DateInput: dateInputDefaults,
      DatePickerInput: dateInputDefaults,
      DateTimePicker: {
        defaultProps: {
          ...calendar,
          valueFormat: `${DATE_FORMAT} HH:mm`,
          color: 'sky',
          clearButtonProps: clearDate,
        },
      },
      // A region that scrolls (a wide table on a phone) must be scrollable from the keyboard (WCAG 2.1.1).
      ScrollArea: { defaultProps: { viewportProps: { tabIndex: 0 } } },
      ScrollAreaAutosize: { defaultProps: { viewportProps: { tabIndex: 0 } } },
      // Badges as written: Mantine's capitals made «28 из 28» read «28 ИЗ 28» and «без отметок» shout.
      Badge: { defaultProps: { tt: 'none' } },
      // A link inside text must not be told apart by colour alone (WCAG 1.4.1).
      Anchor: { defaultProps: { underline: 'always' } },
      MonthPickerInput: calendarDefaults,
      YearPickerInput: calendarDefaults,
      DatePicker: calendarDefaults,
      MonthPicker: calendarDefaults,
      YearPicker: calendarDefaults,
      Calendar: calendarDefaults,
      MiniCalendar: calendarDefaults,
    },
  });
}

/** The theme before the school is known (the default six-day week). */
export const partaTheme = partaThemeFor();

/**
 * WCAG 2.1 AA (4.5:1) for coloured text, which Mantine's defaults miss in the light theme: grey
 * `dimmed` text (gray 6 is 3.3:1 on white), `c="red"` and the like (shade 7: green 2.8:1, yellow
 * 2.1:1) and the text of light badges (yellow 9 on yellow 1 is 2.8:1). Each colour keeps its hue,
 * so the SPEC's meaning stays (averages green/blue/yellow/red, failing marks red), one step darker.
 * Dark theme: `dimmed` one shade lighter (dark 2 is 3.5:1 on a card).
 */
export const partaCssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' };
  for (const [name, shades] of Object.entries(theme.colors)) {
    const readable = darken(shades[9], 0.3);
    light[`--mantine-color-${name}-text`] = readable;
    light[`--mantine-color-${name}-light-color`] = readable;
  }
  return { variables: {}, light, dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' } };
};
