export { archiveBuilds, archiveFiles } from './archive';
export { bellLessons, bellSchedules } from './bells';
export { classes } from './classes';
export {
  extracurricularAttendance,
  extracurricularCourses,
  extracurricularDirections,
  extracurricularMembers,
  extracurricularPlans,
  extracurricularSessions,
  extracurricularSlots,
  extracurricularTeachers,
} from './extracurricular';
export { generations } from './generations';
export {
  homeworkDeadlines,
  homeworkFiles,
  homeworkSubmissions,
  storedFiles,
  submissionFiles,
} from './homework';
export { imports } from './imports';
export { attendance, finalMarks, journalCells, markAudit, marks, workTypes } from './journal';
export { ktpItems, ktpPlans } from './ktp';
export { loads } from './loads';
export { loginFailures } from './login-failures';
export {
  deliveryClaims,
  deliveryFailures,
  emailDeliveries,
  notificationEmails,
  notificationPreferences,
  notifications,
  pushDeliveries,
  pushKeys,
  pushSubscriptions,
} from './notifications';
export {
  applications,
  balanceTransactions,
  organizationForms,
  organizationKinds,
  organizationSettings,
  organizations,
  organizationTypes,
} from './organizations';
export { holidays, periods } from './periods';
export { rooms, unavailableCells } from './rooms';
export { studentParents, students, subgroupMembers, subgroupSets, subgroups } from './students';
export { subjects } from './subjects';
export { teacherAbsences } from './substitutions';
export { lessons, timetableSlots, timetables, timetableTemplates } from './timetable';
export { apiTokens, permissions, rolePermissions, roles, type UserKind, userRoles, users } from './users';
export { classEnrollments, closedYears } from './year-change';
