/** The screens of this remote (SPEC §2), relative to the layout root, which is the site root. */
export const paths = {
  settings: '/organization/settings',
  subjects: '/subject',
  bells: '/bells',
  bellCreate: '/bells/create',
  bell: (id: number) => `/bells/${id}`,
  periods: '/periods',
  load: '/load',
  timetable: '/timetable',
  template: (id: number) => `/timetable/templates/${id}`,
  timetableCreate: (id: number) => `/timetable/create/${id}`,
  rooms: '/timetable/rooms',
  availability: '/timetable/availability',
  generator: '/timetable/generate',
  imports: '/imports',
};
