import { groupOptions } from './group-options';

const group = (id: number, organization_id: number, name: string) => ({
  id,
  organization_id,
  organization_name: organization_id === 1 ? 'СОШ №1' : 'Филиал',
  number: Number(name.slice(0, -1)),
  letter: name.slice(-1),
  name,
  academic_year: '2026/2027',
  manager_id: null,
  manager: null,
  students_count: 0,
});

describe('groupOptions', () => {
  it('names classes plainly within one organization', () => {
    expect(groupOptions([group(1, 1, '5А'), group(2, 1, '5Б')]).map((option) => option.label)).toEqual([
      '5А',
      '5Б',
    ]);
  });

  it('adds the organization when a branch has classes too', () => {
    expect(groupOptions([group(1, 1, '1А'), group(2, 2, '1А')])).toEqual([
      { value: '1', label: '1А · СОШ №1' },
      { value: '2', label: '1А · Филиал' },
    ]);
  });
});
