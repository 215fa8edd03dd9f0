import { classOptions, currentTerm, periodOptions, periodsOfClass, personOptions } from './options';

const organizations = [
  { id: 1, name: 'МБОУ СОШ №1', short_name: 'МБОУ СОШ №1' },
  { id: 2, name: 'Филиал СОШ №1 (Берёзовка)', short_name: 'Филиал СОШ №1 (Берёзовка)' },
];
const quarter = (id: number, organization_id: number, name: string, start: string, end: string) => ({
  id,
  organization_id,
  name,
  kind: 'quarter',
  academic_year: '2026/2027',
  start_date: start,
  end_date: end,
  grades: [1, 2, 3, 4, 5, 6, 7, 8, 9],
});

describe('person options', () => {
  it('names each person in full, surname first, once', () => {
    const lebedeva = { id: 7, surname: 'Лебедева', name: 'Ольга', patronymic: 'Николаевна' };
    expect(
      personOptions([lebedeva, { id: 9, surname: 'Иванов', name: 'Пётр', patronymic: null }, lebedeva]),
    ).toEqual([
      { value: '7', label: 'Лебедева Ольга Николаевна' },
      { value: '9', label: 'Иванов Пётр' },
    ]);
  });
});

describe('class options', () => {
  it('name the branch of a same-named class, and list each class once', () => {
    const classes = [
      { id: 1, name: '1А', organization_id: 1 },
      { id: 2, name: '5А', organization_id: 1 },
      { id: 7, name: '1А', organization_id: 2 },
      { id: 1, name: '1А', organization_id: 1 },
    ];
    expect(classOptions(classes, organizations)).toEqual([
      { value: '1', label: '1А · МБОУ СОШ №1' },
      { value: '2', label: '5А' },
      { value: '7', label: '1А · Филиал СОШ №1 (Берёзовка)' },
    ]);
  });

  it('keep the plain name inside one school, and take the name the answer carries', () => {
    expect(classOptions([{ id: 1, name: '5А', organization_id: 1 }]).map((item) => item.label)).toEqual([
      '5А',
    ]);
    expect(
      classOptions([
        { id: 1, name: '5А', organization_id: 1, organization_name: 'СОШ' },
        { id: 2, name: '5А', organization_id: 2, organization_name: 'Филиал' },
      ]).map((item) => item.label),
    ).toEqual(['5А · СОШ', '5А · Филиал']);
  });
});

describe('period options', () => {
  const periods = [
    quarter(1, 1, 'I четверть', '2026-09-01', '2026-10-24'),
    quarter(2, 1, 'II четверть', '2026-11-05', '2026-12-28'),
    quarter(11, 2, 'I четверть', '2026-09-01', '2026-10-24'),
  ];

  it('a school with its branch: every «I четверть» says whose it is, none is listed twice', () => {
    const labels = periodOptions([...periods, periods[0]], organizations, true).map((item) => item.label);
    expect(labels).toEqual([
      'I четверть 2026/2027 · МБОУ СОШ №1',
      'II четверть 2026/2027',
      'I четверть 2026/2027 · Филиал СОШ №1 (Берёзовка)',
    ]);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('a class sees its own organization’s periods for its grade only', () => {
    const own = periodsOfClass(periods, { organization_id: 1, grade: 5 });
    expect(own.map((period) => period.id)).toEqual([1, 2]);
    expect(periodsOfClass(periods, { organization_id: 1, grade: 10 })).toEqual([]);
    expect(periodOptions(own).map((item) => item.label)).toEqual(['I четверть', 'II четверть']);
  });

  it('the current term is the one today falls in, else the last begun (never a closed one by default)', () => {
    expect(currentTerm(periods.slice(0, 2), '2026-11-24')?.name).toBe('II четверть');
    expect(currentTerm(periods.slice(0, 2), '2026-10-30')?.name).toBe('I четверть');
    expect(currentTerm(periods.slice(0, 2), '2026-08-20')?.name).toBe('I четверть');
    const half = { ...quarter(5, 1, 'I полугодие', '2026-09-01', '2026-12-28'), kind: 'half' };
    expect(currentTerm([half, ...periods.slice(0, 2)], '2026-11-24')?.name).toBe('II четверть');
  });
});
