import {
  fullName,
  greeting,
  groupName,
  initials,
  joinedTeacherName,
  shortName,
  subjectShortName,
} from './names';

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

describe('greeting', () => {
  const alisa = { surname: 'Комарова', name: 'Алиса', patronymic: 'Васильевна' };

  it('greets a pupil by first name, informally', () => {
    expect(greeting({ ...alisa, roles: [{ code: 'student' }] })).toBe('Здравствуй, Алиса!');
  });

  it('greets staff and parents by name and patronymic', () => {
    expect(greeting({ ...alisa, roles: [{ code: 'teacher' }, { code: 'class_teacher' }] })).toBe(
      'Здравствуйте, Алиса Васильевна!',
    );
    expect(greeting({ ...alisa, roles: [{ code: 'parent' }] })).toBe('Здравствуйте, Алиса Васильевна!');
    expect(greeting({ surname: 'Иванов', roles: [] })).toBe('Здравствуйте!');
  });
});

describe('initials', () => {
  it('gives the initials of the name and patronymic, and nothing for nobody', () => {
    expect(initials({ surname: 'Громова', name: 'анна', patronymic: 'Петровна' })).toBe('А. П.');
    expect(initials({ surname: 'Громова', name: 'Анна' })).toBe('А.');
    expect(initials(null)).toBe('');
  });
});

describe('subjectShortName', () => {
  it('cuts long words after a consonant before a vowel and keeps short names whole', () => {
    expect(subjectShortName('Математика')).toBe('Матем.');
    expect(subjectShortName('Литература')).toBe('Литер.');
    expect(subjectShortName('Английский язык')).toBe('Англ. язык');
    expect(subjectShortName('Вероятность и статистика')).toBe('Вер. и стат.');
    expect(subjectShortName('Информатика')).toBe('Информ.');
    expect(subjectShortName('География')).toBe('Геогр.');
    expect(subjectShortName('История')).toBe('История');
    expect(subjectShortName('Русский язык')).toBe('Русский язык');
  });

  it('uses the school’s customary short forms', () => {
    expect(subjectShortName('Литературное чтение')).toBe('Лит. чтение');
    expect(subjectShortName('Изобразительное искусство')).toBe('ИЗО');
    expect(subjectShortName('Физическая культура')).toBe('Физ-ра');
  });
});
