import { loginBase, transliterate } from './logins';

describe('logins from names', () => {
  it('transliterates Russian letters and keeps the rest', () => {
    expect(transliterate('Щукин-Ёжиков')).toBe('shchukin-ezhikov');
    expect(transliterate('Ульяна')).toBe('ulyana');
  });

  it('makes surname.initials', () => {
    expect(loginBase({ surname: 'Иванова', name: 'Елена', patronymic: 'Андреевна' })).toBe('ivanova.ea');
    expect(loginBase({ surname: 'Ли', name: 'Юрий', patronymic: null })).toBe('li.yu');
  });

  it('drops characters a login may not hold and never answers fewer than 3 characters', () => {
    expect(loginBase({ surname: 'Д’Артаньян', name: 'Шарль', patronymic: '' })).toBe('dartanyan.sh');
    expect(loginBase({ surname: 'Ы', name: 'Ь', patronymic: null })).toMatch(/^[a-z0-9._-]{3,}$/);
  });
});
