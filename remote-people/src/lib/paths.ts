/** The screens of this remote (SPEC §2), relative to the layout root, which is the site root. */
export const paths = {
  users: '/users',
  userEdit: (id: number) => `/users/${id}/edit`,
  students: '/student',
  student: (id: number) => `/student/${id}`,
  subgroups: '/student/subgroups',
  classes: '/class',
  classEdit: (id: number) => `/class/${id}/edit`,
};
