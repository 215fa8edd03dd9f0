/** Paths of this remote's screens (SPEC §2), absolute within the host's router. */
export const paths = {
  organizations: '/organizations',
  organization: (id: number) => `/organizations/${id}`,
  dictionaries: '/organizations/dictionaries',
  applications: '/applications',
  application: (id: number) => `/applications/${id}`,
};
