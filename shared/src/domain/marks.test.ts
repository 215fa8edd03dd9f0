import {
  averageColor,
  DEFAULT_MARK_THRESHOLDS,
  FINAL_MARKS,
  finalMarkCategory,
  finalMarkState,
  finalMarksFor,
  finalMarkText,
  finalMarkTitle,
  formatAverage,
  formatCell,
  isGrade,
  parseCellText,
  parseMarkInput,
  proposeMark,
  proposeYearMark,
  weightedAverage,
} from './marks';

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

describe('finalMarksFor', () => {
  it('offers a subject taught without marks only зачёт, незачёт and освобождён', () => {
    expect(finalMarksFor(true)).toEqual(['ЗЧ', 'НЗ', 'осв']);
    expect(finalMarksFor(false)).toEqual(FINAL_MARKS);
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

describe('parseCellText', () => {
  it('reads several grades and one attendance mark, stored lower-case', () => {
    expect(parseCellText('5/4')).toEqual({ grades: [5, 4], attendance: null });
    expect(parseCellText('Н')).toEqual({ grades: [], attendance: 'н' });
    expect(parseCellText('Б 3')).toEqual({ grades: [3], attendance: 'б' });
    expect(parseCellText('  ')).toEqual({ grades: [], attendance: null });
  });

  it('refuses anything that is not a mark, two attendance marks and too many grades', () => {
    for (const raw of ['7', '5/6', 'x', 'н/б', '5/4/3/2/1', '4.5', '55'])
      expect(parseCellText(raw)).toBeNull();
  });

  it('prints a cell the way it parses back', () => {
    expect(formatCell({ grades: [5, 4], attendance: null })).toBe('5/4');
    expect(formatCell({ grades: [{ value: 3 }], attendance: 'б' })).toBe('б 3');
    expect(parseCellText(formatCell({ grades: [3], attendance: 'б' }))).toEqual({
      grades: [3],
      attendance: 'б',
    });
  });
});

describe('weightedAverage', () => {
  it('is the simple mean with the default weight 1', () => {
    expect(weightedAverage([5, 4, 4].map((value) => ({ value, weight: 1 })))).toBeCloseTo(13 / 3);
  });

  it('weighs grades by their work type', () => {
    expect(
      weightedAverage([
        { value: 5, weight: 1 },
        { value: 2, weight: 2 },
      ]),
    ).toBe(3);
  });

  it('is null without grades and ignores weightless ones', () => {
    expect(weightedAverage([])).toBeNull();
    expect(weightedAverage([{ value: 2, weight: 0 }])).toBeNull();
  });

  it('prints with a decimal comma', () => {
    expect(formatAverage(13 / 3)).toBe('4,33');
    expect(formatAverage(null)).toBe('');
  });
});

describe('proposeMark', () => {
  it.each([
    [5, '5'],
    [4.5, '5'],
    [4.49, '4'],
    [3.5, '4'],
    [3.49, '3'],
    [2.5, '3'],
    [2.49, '2'],
    [1, '2'],
  ])('%p proposes %p with the default thresholds', (average, mark) => {
    expect(proposeMark(average)).toBe(mark);
  });

  it('follows a school’s own thresholds and never proposes without grades', () => {
    const strict = { five: 4.65, four: 3.65, three: 2.65 };
    expect(proposeMark(4.6, strict)).toBe('4');
    expect(proposeMark(4.6, DEFAULT_MARK_THRESHOLDS)).toBe('5');
    expect(proposeMark(null)).toBeNull();
  });

  it('does not miss a threshold by floating-point noise', () => {
    expect(proposeMark((4.5 * 3 - 0.0000001) / 3 + 0.00000003)).toBe('5');
  });
});

describe('proposeYearMark', () => {
  it('rounds the mean of the period grades mathematically', () => {
    expect(proposeYearMark(['4', '5', '4', '5'])).toBe('5');
    expect(proposeYearMark(['3', '4', '4', '3'])).toBe('4');
    expect(proposeYearMark(['3', '3', '4', '3'])).toBe('3');
  });

  it('leaves осв, ЗЧ, НЗ, Н/А and missing periods out', () => {
    expect(proposeYearMark(['5', 'осв', null, 'ЗЧ'])).toBe('5');
    expect(proposeYearMark(['Н/А', null])).toBeNull();
  });
});

describe('a final mark’s state: one rendering everywhere', () => {
  it('a proposal reads «4?», never a plain «4»; a confirmed mark reads plain; nothing reads «—»', () => {
    expect(finalMarkText(finalMarkState(null, '4'))).toBe('4?');
    expect(finalMarkText(finalMarkState('4', '5'))).toBe('4');
    expect(finalMarkText(finalMarkState(null, null))).toBe('—');
    expect(finalMarkText(finalMarkState('Н/А', '3'))).toBe('Н/А');
  });

  it('a closed period has no proposals: what was not confirmed is none', () => {
    expect(finalMarkState(null, '4', true)).toEqual({ kind: 'none' });
    expect(finalMarkState('3', '4', true)).toEqual({ kind: 'confirmed', value: '3' });
  });

  it('says in words what the mark is', () => {
    expect(finalMarkTitle(finalMarkState(null, '4'))).toBe('Предложено по среднему: 4, ещё не выставлено');
    expect(finalMarkTitle(finalMarkState('5', null))).toBe('Итоговая оценка: 5');
    expect(finalMarkState('junk', 'also')).toEqual({ kind: 'none' });
  });
});
