import { PlaceholderRoutes, type PlannedScreen } from '@parta/shared';

/** Screens of this remote (SPEC §2), paths relative to the layout root. */
const SCREENS: PlannedScreen[] = [
  { path: 'journal', title: 'Журнал' },
  { path: 'journal/final', title: 'Итоговые оценки' },
  { path: 'journal/topics', title: 'Темы уроков' },
  { path: 'journal/attendance', title: 'Посещаемость' },
  { path: 'journal/:groupId/:loadId', title: 'Журнал' },
  { path: 'ktp', title: 'КТП' },
  { path: 'ktp/:id', title: 'Редактирование КТП' },
  { path: 'reports', title: 'Отчёты' },
  { path: 'reports/classification', title: 'Классификация учащихся' },
  { path: 'reports/academic-performance', title: 'Академическая успеваемость' },
  { path: 'reports/journal-completion', title: 'Заполняемость журнала' },
  { path: 'diary', title: 'Дневник' },
];

/** The module this remote exposes as `./routes`. */
export default function JournalRoutes() {
  return <PlaceholderRoutes screens={SCREENS} buildLabel={process.env.PARTA_BUILD_LABEL} />;
}
