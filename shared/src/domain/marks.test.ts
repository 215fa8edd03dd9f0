import { averageColor, finalMarkCategory, isGrade, parseMarkInput } from './marks';

describe('parseMarkInput', () => {
  it('accepts grades 1 to 5', () => {
    for (const grade of [1, 2, 3, 4, 5]) {
      expect(parseMarkInput(String(grade))).toEqual({ kind: 'grade', value: grade });
    }
  });

  it('stores attendance marks in lower case whatever the case typed', () => {
    expect(parseMarkInput('н')).toEqual({ kind: 'attendance', value: 'н' });
    expect(parseMarkInput('Н')).toEqual({ kind: 'attendance', value: 'н' });
    expect(parseMarkInput('б')).toEqual({ kind: 'attendance', value: 'б' });
    expect(parseMarkInput(' Б ')).toEqual({ kind: 'attendance', value: 'б' });
  });

  it('rejects everything else', () => {
    for (const raw of ['0', '6', '', 'a', 'n', 'нб', '4.5', '55']) expect(parseMarkInput(raw)).toBeNull();
  });

  it('recognises grades', () => {
    expect(isGrade(3)).toBe(true);
    expect(isGrade(0)).toBe(false);
    expect(isGrade('3')).toBe(false);
  });
});

describe('averageColor', () => {
  it.each([
    [5, 'green'],
    [4.5, 'green'],
    [4.49, 'blue'],
    [3.5, 'blue'],
    [3.49, 'yellow'],
    [2.5, 'yellow'],
    [2.49, 'red'],
    [0, 'red'],
  ])('%p is %p', (average, color) => {
    expect(averageColor(average)).toBe(color);
  });
});

describe('finalMarkCategory', () => {
  it('styles ЗЧ like 5 and НЗ like 1', () => {
    expect(finalMarkCategory('ЗЧ')).toBe(finalMarkCategory(5));
    expect(finalMarkCategory('НЗ')).toBe(finalMarkCategory(1));
  });

  it('gives 1, 2 and Н/А the failing style', () => {
    expect(finalMarkCategory(1)).toBe('failing');
    expect(finalMarkCategory('2')).toBe('failing');
    expect(finalMarkCategory('Н/А')).toBe('failing');
  });

  it('knows 3, 4, осв and nothing else', () => {
    expect(finalMarkCategory(3)).toBe('satisfactory');
    expect(finalMarkCategory(4)).toBe('good');
    expect(finalMarkCategory('осв')).toBe('exempt');
    expect(finalMarkCategory('x')).toBeNull();
  });
});
