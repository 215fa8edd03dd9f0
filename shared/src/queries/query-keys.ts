/**
 * Every TanStack Query key of the host and the remotes, one factory per resource (the cache is one,
 * shared by all apps). A key starts with its resource; `all` (the resource) and `lists` invalidate
 * everything below them, so a write names what it refreshes without spelling a key. Each key is
 * read by one fetcher with one answer shape (query-keys.test.ts checks the tree).
 */

/** Filters of a paginated or filtered list, as sent to the API. */
type Params = object | null;

const organizationOf = (organizationId?: number) => ({ organization_id: organizationId });

export const queryKeys = {
  groups: {
    all: ['groups'] as const,
    lists: ['groups', 'list'] as const,
    list: (organizationId?: number) => ['groups', 'list', organizationOf(organizationId)] as const,
    detail: (id: number) => ['groups', 'detail', id] as const,
    /** GET /api/group/{id}/subgroups: the whole answer (class, students, subjects, sets). */
    subgroups: (id: number) => ['groups', 'subgroups', id] as const,
  },
  students: {
    all: ['students'] as const,
    lists: ['students', 'list'] as const,
    list: (params: Params) => ['students', 'list', params] as const,
    detail: (id: number) => ['students', 'detail', id] as const,
    parents: ['students', 'parents'] as const,
    parentSearch: (search: string) => ['students', 'parents', { search }] as const,
  },
  users: {
    lists: ['users', 'list'] as const,
    list: (params: Params) => ['users', 'list', params] as const,
    detail: (id: number) => ['users', 'detail', id] as const,
  },
  roles: (organizationId: number | null | undefined) => ['roles', organizationId] as const,
  organizations: {
    all: ['organizations'] as const,
    lists: ['organizations', 'list'] as const,
    list: (params: Params) => ['organizations', 'list', params] as const,
    detail: (id: number) => ['organizations', 'detail', id] as const,
    balanceTransactions: (id: number) => ['organizations', 'balance-transactions', id] as const,
    balanceTransactionsPage: (id: number, page: number) =>
      ['organizations', 'balance-transactions', id, page] as const,
    /** The caller's organization and its children (pickers). */
    options: ['organizations', 'my-and-children'] as const,
    settings: ['organizations', 'settings'] as const,
    dictionaries: ['organization-dictionaries'] as const,
  },
  applications: {
    lists: ['applications', 'list'] as const,
    list: (params: Params) => ['applications', 'list', params] as const,
    detail: (id: number) => ['applications', 'detail', id] as const,
  },
  subjects: {
    all: ['subjects'] as const,
    list: (organizationId?: number) => ['subjects', organizationOf(organizationId)] as const,
  },
  bells: {
    all: ['bells'] as const,
    lists: ['bells', 'list'] as const,
    list: (organizationId?: number) => ['bells', 'list', organizationOf(organizationId)] as const,
    detail: (id: number | null) => ['bells', 'detail', id] as const,
  },
  periods: {
    all: ['periods'] as const,
    list: (organizationId?: number) => ['periods', 'list', organizationOf(organizationId)] as const,
  },
  holidays: {
    all: ['holidays'] as const,
    list: (organizationId?: number) => ['holidays', 'list', organizationOf(organizationId)] as const,
  },
  load: {
    all: ['load'] as const,
    list: (params: Params) => ['load', 'list', params] as const,
  },
  lessons: {
    all: ['lessons'] as const,
    list: (params: Params) => ['lessons', 'list', params] as const,
    /** The dashboard's day: the caller's own, or a parent's child's. */
    today: (studentId?: number) => ['lessons', 'today', studentId ?? 'own'] as const,
  },
  timetable: {
    all: ['timetable'] as const,
    templates: ['timetable', 'templates'] as const,
    templateList: (organizationId?: number) =>
      ['timetable', 'templates', organizationOf(organizationId)] as const,
    template: (id: number | null) => ['timetable', 'template', id] as const,
    rooms: ['timetable', 'rooms'] as const,
    roomList: (organizationId?: number) => ['timetable', 'rooms', organizationOf(organizationId)] as const,
    availabilities: ['timetable', 'availability'] as const,
    availability: (owner: { teacherId?: number; groupId?: number }) =>
      [
        'timetable',
        'availability',
        { teacherId: owner.teacherId ?? null, groupId: owner.groupId ?? null },
      ] as const,
    generation: (id: number | null) => ['timetable', 'generation', id] as const,
    /** What applying a template to a period would do (a dry run); any change to lessons makes it stale. */
    applyPreview: (templateId: number, periodId: number | null) =>
      ['lessons', 'apply-preview', templateId, periodId] as const,
  },
  imports: {
    all: ['imports'] as const,
    item: (id: number | null) => ['imports', 'item', id] as const,
  },
  substitutions: {
    all: ['substitutions'] as const,
    absences: (params: Params) => ['substitutions', 'absences', params] as const,
    absence: (id: number | null) => ['substitutions', 'absence', id] as const,
    report: (params: Params) => ['substitutions', 'report', params] as const,
  },
  journal: {
    index: ['journal', 'index'] as const,
    grids: ['journal', 'grid'] as const,
    grid: (request: { groupId: number; loadId: number; periodId?: number }) =>
      [
        'journal',
        'grid',
        { groupId: request.groupId, loadId: request.loadId, periodId: request.periodId ?? null },
      ] as const,
    history: (cell: Params) => ['journal', 'history', cell] as const,
    finals: ['journal', 'final'] as const,
    final: (groupId: number | null) => ['journal', 'final', { groupId }] as const,
    attendance: (request: Params) => ['journal', 'attendance', request] as const,
    week: ['journal', 'week'] as const,
  },
  ktp: {
    lists: ['ktp', 'list'] as const,
    /** The plans of one academic year (or of all), under `lists`: a plan's save refreshes every year's. */
    list: (academicYear: string | null) => ['ktp', 'list', academicYear ?? 'all'] as const,
    detail: (id: number) => ['ktp', 'detail', id] as const,
  },
  extracurricular: {
    all: ['extracurricular'] as const,
    courses: ['extracurricular', 'courses'] as const,
    directions: ['extracurricular', 'directions'] as const,
    journals: ['extracurricular', 'journal'] as const,
    journal: (courseId: number) => ['extracurricular', 'journal', courseId] as const,
    report: (params: Params) => ['extracurricular', 'report', params] as const,
    plan: (groupId: number | null) => ['extracurricular', 'plan', groupId] as const,
  },
  homework: {
    all: ['homework'] as const,
    /** A lesson's homework files and deadline. */
    lesson: (lessonId: number) => ['homework', 'lesson', lessonId] as const,
    /** The pupils' works handed in for a lesson (the teacher's list). */
    submissions: (lessonId: number) => ['homework', 'submissions', lessonId] as const,
  },
  diary: {
    all: ['diary'] as const,
    week: (params: Params) => ['diary', 'week', params] as const,
    latestMarks: ['diary', 'latest-marks'] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    /** GET /api/notifications: the whole answer (list and unread count). */
    list: ['notifications', 'list'] as const,
    unreadCount: ['notifications', 'unread-count'] as const,
    /** GET /api/notifications/preferences: the caller's channels, marks timing and address. */
    preferences: ['notifications', 'preferences'] as const,
    /** This browser's push subscription (not the server's: what the service worker holds). */
    pushDevice: ['notifications', 'push-device'] as const,
    /** GET /api/notifications/delivery-failures: the school's letters and pushes that did not go (director). */
    deliveryFailures: ['notifications', 'delivery-failures'] as const,
  },
  archive: {
    all: ['archive'] as const,
    register: (periodId: number | undefined) => ['archive', 'register', periodId] as const,
  },
  yearChange: {
    /** GET /api/academic-years/next: what «Новый учебный год» will do. */
    preview: ['year-change', 'preview'] as const,
  },
  reports: {
    journalCompletion: (params: Params) => ['reports', 'journal-completion', params] as const,
    classification: (params: Params) => ['reports', 'classification', params] as const,
    academicPerformance: (params: Params) => ['reports', 'academic-performance', params] as const,
  },
} as const;
