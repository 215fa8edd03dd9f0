import { containsPattern } from './like';

describe('containsPattern', () => {
  it('wraps the text in % and takes the user’s wildcards literally', () => {
    expect(containsPattern('ива')).toBe('%ива%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
