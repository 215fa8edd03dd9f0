import { isValidInn, isValidKpp, isValidOgrn } from './requisites';

describe('requisites', () => {
  it('accepts ИНН with correct control digits, 10 and 12 digits', () => {
    expect(isValidInn('7707083893')).toBe(true); // ПАО Сбербанк
    expect(isValidInn('500100732259')).toBe(true);
  });

  it('refuses a wrong control digit, wrong length and non-digits', () => {
    expect(isValidInn('7707083894')).toBe(false);
    expect(isValidInn('500100732258')).toBe(false);
    expect(isValidInn('770708389')).toBe(false);
    expect(isValidInn('77070838931')).toBe(false);
    expect(isValidInn('77O7083893')).toBe(false);
    expect(isValidInn('')).toBe(false);
  });

  it('checks КПП by its pattern', () => {
    expect(isValidKpp('773601001')).toBe(true);
    expect(isValidKpp('7736AB001')).toBe(true);
    expect(isValidKpp('77360100')).toBe(false);
    expect(isValidKpp('7736ab001')).toBe(false);
  });

  it('checks ОГРН and ОГРНИП control digits', () => {
    expect(isValidOgrn('1027700132195')).toBe(true); // ПАО Сбербанк
    expect(isValidOgrn('1027700132196')).toBe(false);
    expect(isValidOgrn('304500116000157')).toBe(true);
    expect(isValidOgrn('304500116000158')).toBe(false);
    expect(isValidOgrn('102770013219')).toBe(false);
  });
});
