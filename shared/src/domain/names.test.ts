import { fullName, groupName, joinedTeacherName, shortName } from './names';

describe('fullName', () => {
  it('joins surname, name and patronymic in that order', () => {
    expect(fullName({ surname: 'Иванова', name: 'Анна', patronymic: 'Петровна' })).toBe(
      'Иванова Анна Петровна',
    );
  });

  it('skips missing parts', () => {
    expect(fullName({ surname: 'Smith', name: 'John', patronymic: null })).toBe('Smith John');
    expect(fullName(null)).toBe('');
  });
});

describe('shortName', () => {
  it('abbreviates name and patronymic', () => {
    expect(shortName({ surname: 'Иванова', name: 'анна', patronymic: 'Петровна' })).toBe('Иванова А. П.');
  });
});

describe('joinedTeacherName', () => {
  it('names the joined teacher short, and nobody when the join found none', () => {
    expect(
      joinedTeacherName({
        teacherSurname: 'Лебедева',
        teacherName: 'Ольга',
        teacherPatronymic: 'Николаевна',
      }),
    ).toBe('Лебедева О. Н.');
    expect(
      joinedTeacherName({ teacherSurname: null, teacherName: null, teacherPatronymic: null }),
    ).toBeNull();
  });
});

describe('groupName', () => {
  it('puts the letter right after the number', () => {
    expect(groupName({ number: 5, letter: 'А' })).toBe('5А');
    expect(groupName({ number: '11', letter: 'Б' })).toBe('11Б');
    expect(groupName(undefined)).toBe('');
  });
});
