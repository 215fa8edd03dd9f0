import { PlaceholderRoutes, type PlannedScreen } from '@parta/shared';

/** Screens of this remote (SPEC §2), paths relative to the layout root. */
const SCREENS: PlannedScreen[] = [
  { path: 'organizations', title: 'Реестр организаций' },
  { path: 'applications', title: 'Заявки' },
];

/** The module this remote exposes as `./routes`. */
export default function AdminRoutes() {
  return <PlaceholderRoutes screens={SCREENS} buildLabel={process.env.PARTA_BUILD_LABEL} />;
}
