import { directorGuess } from './director-guess';

describe('directorGuess', () => {
  it('reads surname, name and patronymic in that order', () => {
    expect(directorGuess('Белова Марина Сергеевна')).toEqual({
      director_surname: 'Белова',
      director_name: 'Марина',
      director_patronymic: 'Сергеевна',
    });
  });
  it('ignores extra spaces and leaves missing words empty', () => {
    expect(directorGuess('  Белова   Марина ')).toEqual({
      director_surname: 'Белова',
      director_name: 'Марина',
      director_patronymic: '',
    });
    expect(directorGuess('')).toEqual({ director_surname: '', director_name: '', director_patronymic: '' });
  });
  it('keeps a two-word patronymic whole (Оглы, Кызы)', () => {
    expect(directorGuess('Алиев Руслан Тимур оглы').director_patronymic).toBe('Тимур оглы');
  });
});
