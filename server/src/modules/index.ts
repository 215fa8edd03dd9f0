import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationsRoutes } from './applications/applications.routes';
import { registerArchiveJobs } from './archive/archive.jobs';
import { archiveRoutes } from './archive/archive.routes';
import { availabilityRoutes } from './availability/availability.routes';
import { bellsRoutes } from './bells/bells.routes';
import { diaryRoutes } from './diary/diary.routes';
import { extracurricularRoutes } from './extracurricular/extracurricular.routes';
import { groupsRoutes } from './groups/groups.routes';
import { healthRoutes } from './health/health.routes';
import { homeworkRoutes } from './homework/homework.routes';
import { registerImportJobs } from './imports/imports.jobs';
import { importsRoutes } from './imports/imports.routes';
import { journalRoutes } from './journal/journal.routes';
import { ktpRoutes } from './ktp/ktp.routes';
import { loadsRoutes } from './loads/loads.routes';
import { notificationsJobs } from './notifications/notifications.jobs';
import { notificationsRoutes } from './notifications/notifications.routes';
import { parentsRoutes } from './parents/parents.routes';
import { periodsRoutes } from './periods/periods.routes';
import { registryRoutes } from './registry/registry.routes';
import { reportsRoutes } from './reports/reports.routes';
import { roomsRoutes } from './rooms/rooms.routes';
import { settingsRoutes } from './settings/settings.routes';
import { accountPasswordsRoutes } from './students/account-passwords.routes';
import { studentsRoutes } from './students/students.routes';
import { subjectsRoutes } from './subjects/subjects.routes';
import { substitutionsRoutes } from './substitutions/substitutions.routes';
import { timetableRoutes } from './timetable/timetable.routes';
import { registerGeneratorJobs } from './timetable-generator/generator.jobs';
import { generatorRoutes } from './timetable-generator/generator.routes';
import { usersRoutes } from './users/users.routes';
import { yearChangeRoutes } from './year-change/year-change.routes';

/**
 * The API modules, each registered under /api by app.ts. A new area adds its `<area>.routes.ts`
 * plugin here; every route in it declares `config.permission` and a zod schema.
 */
export const apiModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  settingsRoutes,
  usersRoutes,
  // people area (issue 4)
  studentsRoutes,
  parentsRoutes,
  accountPasswordsRoutes,
  groupsRoutes,
  // timetable area (issue 10)
  subjectsRoutes,
  bellsRoutes,
  periodsRoutes,
  loadsRoutes,
  timetableRoutes,
  // automatic timetable generator (issue 21)
  generatorRoutes,
  roomsRoutes,
  availabilityRoutes,
  // замены (issue 39)
  substitutionsRoutes,
  // КТП, reports and diary (issue 12)
  ktpRoutes,
  diaryRoutes,
  reportsRoutes,
  // organization registry and applications (issue 13)
  registryRoutes,
  applicationsRoutes,
  // journal area (issue 11)
  journalRoutes,
  // notifications (issue 38)
  notificationsRoutes,
  // the year's archive (issue 40)
  archiveRoutes,
  // «Новый учебный год» (issue 40)
  yearChangeRoutes,
  // imports: a school moves in with its files (issue 50)
  importsRoutes,
  // внеурочная деятельность (issue 51)
  extracurricularRoutes,
  // homework with files, pupils' works (issue 54)
  homeworkRoutes,
];

/**
 * The modules' background work (`<area>.jobs.ts`): job kinds with their retry policies, the runs a
 * user follows, the domain events they follow, periodic ticks — registered on `app.queue` by app.ts
 * before the routes (routes files stay HTTP only). A new area with jobs adds its registration here.
 */
export const moduleJobs: Array<(app: FastifyInstance) => void | Promise<void>> = [
  // notices, letters, pushes and the events they follow (issues 38, 48)
  notificationsJobs,
  // automatic timetable generator (issue 21)
  registerGeneratorJobs,
  // the year's archive (issue 40)
  registerArchiveJobs,
  // imports (issue 50)
  registerImportJobs,
];
