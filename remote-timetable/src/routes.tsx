import { PlaceholderRoutes, type PlannedScreen } from '@parta/shared';

/** Screens of this remote (SPEC §2), paths relative to the layout root. */
const SCREENS: PlannedScreen[] = [
  { path: 'organization/settings', title: 'Настройки организации' },
  { path: 'subject', title: 'Предметы' },
  { path: 'bells', title: 'Расписание звонков' },
  { path: 'bells/create', title: 'Новое расписание звонков' },
  { path: 'bells/:id', title: 'Расписание звонков' },
  { path: 'periods', title: 'Учебные периоды' },
  { path: 'load', title: 'Нагрузка' },
  { path: 'timetable', title: 'Расписание' },
  { path: 'timetable/templates/:id', title: 'Шаблон расписания' },
  { path: 'timetable/create/:id', title: 'Составление расписания' },
];

/** The module this remote exposes as `./routes`. */
export default function TimetableRoutes() {
  return <PlaceholderRoutes screens={SCREENS} buildLabel={process.env.PARTA_BUILD_LABEL} />;
}
