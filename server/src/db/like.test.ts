import { containsPattern, searchWords } from './like';

describe('containsPattern', () => {
  it('wraps the text in % and takes the user’s wildcards literally', () => {
    expect(containsPattern('ива')).toBe('%ива%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('searchWords', () => {
  it('splits the search box on spaces and keeps at most five words', () => {
    expect(searchWords('  иван   пет ')).toEqual(['иван', 'пет']);
    expect(searchWords('а б в г д е ж')).toEqual(['а', 'б', 'в', 'г', 'д']);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('   ')).toEqual([]);
  });
});
