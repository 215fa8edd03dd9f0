import { isLayoutPath, routeOwner } from './remote-map';

describe('remote map', () => {
  it('gives each SPEC prefix to its remote', () => {
    expect(routeOwner('/users/5/edit')).toMatchObject({ remote: 'people', permission: 'users.view' });
    expect(routeOwner('/student/subgroups')).toMatchObject({ remote: 'people', permission: 'students.view' });
    expect(routeOwner('/organization/settings')).toMatchObject({
      remote: 'timetable',
      permission: 'organization.settings',
    });
    expect(routeOwner('/timetable/create/3')).toMatchObject({ remote: 'timetable' });
    expect(routeOwner('/journal/1/2')).toMatchObject({ remote: 'journal', permission: 'journals.view' });
    expect(routeOwner('/reports/classification')).toMatchObject({ remote: 'journal' });
    expect(routeOwner('/applications')).toMatchObject({
      remote: 'admin',
      permission: 'organizations.create',
    });
  });

  it('keeps host pages and unknown paths to the host', () => {
    expect(routeOwner('/dashboard')).toBeNull();
    expect(routeOwner('/nope')).toBeNull();
    expect(routeOwner('/constructor')).toBeNull();
  });

  it('knows which paths are inside the layout', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/profile',
      '/users',
      '/bells/create',
      '/diary',
      '/notifications/settings',
    ]) {
      expect(isLayoutPath(path)).toBe(true);
    }
    for (const path of [
      '/nope',
      '/dashboard/x',
      '/profile/1',
      '/toString',
      '/notifications',
      '/notifications/settings/x',
    ])
      expect(isLayoutPath(path)).toBe(false);
  });
});
