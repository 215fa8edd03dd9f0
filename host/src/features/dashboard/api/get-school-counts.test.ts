import { countOf } from './get-school-counts';

describe('countOf', () => {
  it('prefers meta.total of a paginated list', () => {
    expect(countOf({ data: [{}], meta: { total: 42, current_page: 1, per_page: 1, last_page: 42 } })).toBe(
      42,
    );
  });

  it('counts a plain list or the groups of GET /api/group', () => {
    expect(countOf({ data: [1, 2, 3] })).toBe(3);
    expect(countOf({ data: { groups: [1, 2], teachers: [], periods: [] } })).toBe(2);
  });

  it('gives null for anything else', () => {
    expect(countOf(null)).toBeNull();
    expect(countOf({ data: { items: 3 } })).toBeNull();
  });
});
