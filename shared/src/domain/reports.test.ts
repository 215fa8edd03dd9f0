import {
  classificationCounts,
  classifyStudent,
  type FinalMarkValue,
  markCategory,
  mergeTallies,
  minimumMarks,
  percentages,
  reportBasisLabel,
  reportMark,
  type StudentClass,
  tallyFigures,
  tallyMarks,
  taughtWithoutMarks,
  weightedAverage,
} from './reports';

const student = (marks: string) => {
  const counts = { n5: 0, n4: 0, n3: 0, n2: 0, na: 0, exempt: 0 };
  for (const value of marks.split(' ').filter(Boolean)) {
    const category = markCategory(value as Parameters<typeof markCategory>[0]);
    counts[category] += 1;
  }
  return classifyStudent(counts);
};

describe('classification of one student by final marks', () => {
  it.each([
    ['5 5 5 ЗЧ', 'excellent'],
    ['5 4 5', 'good'],
    ['4 4 4', 'good'],
    ['5 3 4', 'satisfactory'],
    ['3 3 3', 'satisfactory'],
    ['5 2 4', 'failing_one'],
    ['2 НЗ 4', 'failing_many'],
    ['1 5 5', 'failing_one'],
    ['Н/А 5 5', 'not_attested'],
    ['Н/А 2 5', 'failing_one'],
    ['5 5 осв', 'excellent'],
    ['осв осв', 'exempt'],
    ['', 'no_marks'],
  ])('%s → %s', (marks, expected) => {
    expect(student(marks)).toBe(expected);
  });
});

describe('percentages by DOMAIN.md formulas', () => {
  it('a class counted by hand: 25 students, 1 освобождён → N 24', () => {
    // 3 отличника, 9 хорошистов, 8 троечников, 2 неуспевающих, 2 не аттестованы, 1 освобождён.
    const classes: StudentClass[] = [
      ...Array<StudentClass>(3).fill('excellent'),
      ...Array<StudentClass>(9).fill('good'),
      ...Array<StudentClass>(8).fill('satisfactory'),
      'failing_one',
      'failing_many',
      'not_attested',
      'not_attested',
      'exempt',
    ];
    const counts = classificationCounts(classes);
    expect(counts).toEqual({ n5: 3, n4: 9, n3: 8, n2: 2, na: 2, total: 24 });
    // успеваемость (3+9+8)·100/24 = 83.33…; качество (3+9)·100/24 = 50;
    // СОУ (3·100 + 9·64 + 8·36 + 2·16 + 2·7)/24 = (300+576+288+32+14)/24 = 1210/24 = 50.416…
    expect(percentages(counts)).toEqual({ success: 83.3, quality: 50, sou: 50.4 });
  });

  it('all fives give 100 / 100 / 100; all н/а give СОУ 7; N = 0 gives no figure', () => {
    expect(percentages({ n5: 4, n4: 0, n3: 0, n2: 0, na: 0, total: 4 })).toEqual({
      success: 100,
      quality: 100,
      sou: 100,
    });
    expect(percentages({ n5: 0, n4: 0, n3: 0, n2: 0, na: 3, total: 3 }).sou).toBe(7);
    expect(percentages({ n5: 0, n4: 0, n3: 0, n2: 0, na: 0, total: 0 })).toEqual({
      success: null,
      quality: null,
      sou: null,
    });
  });

  it('weighted average and the minimum number of marks', () => {
    expect(weightedAverage(5 * 2 + 3, 3)).toBe(4.33);
    expect(weightedAverage(0, 0)).toBeNull();
    expect(minimumMarks(0)).toBe(0);
    expect(minimumMarks(9)).toBe(3);
    expect(minimumMarks(10)).toBe(4);
  });
});

describe('безотметочное обучение and the basis of a report', () => {
  it('pupils taught without marks are out of N: a grade-1 class does not pull the school to 0 %', () => {
    const classes: StudentClass[] = ['excellent', 'good', 'failing_one', 'without_marks', 'without_marks'];
    expect(classificationCounts(classes)).toEqual({ n5: 1, n4: 1, n3: 0, n2: 1, na: 0, total: 3 });
    expect(percentages(classificationCounts(['without_marks', 'without_marks']))).toEqual({
      success: null,
      quality: null,
      sou: null,
    });
  });

  it('grade 1 is taught without marks, grade 2 with', () => {
    expect(taughtWithoutMarks(1, true)).toBe(true);
    expect(taughtWithoutMarks(2, true)).toBe(false);
  });

  it('a load line marked «без отметок» is taught without marks in any grade', () => {
    expect(taughtWithoutMarks(4, false)).toBe(true);
    expect(taughtWithoutMarks(11, false)).toBe(true);
    expect(taughtWithoutMarks(1, false)).toBe(true);
  });

  it('labels the figures: final marks, or the current ones on a date', () => {
    expect(reportBasisLabel('final', '2026-11-24')).toBe('по итоговым оценкам');
    expect(reportBasisLabel('current', '2026-11-24')).toBe('по текущим оценкам на 24.11.26');
  });
});

describe('one rule for both mark reports: reportMark and tallyMarks', () => {
  it('a closed period counts only confirmed final marks; no mark is «без оценки», not a proposal', () => {
    expect(reportMark(true, '4', '5')).toBe('4');
    expect(reportMark(true, null, '5')).toBeNull();
    expect(reportMark(true, 'Н/А', null)).toBe('Н/А');
  });

  it('an open period counts the confirmed mark, else the proposal from the current average, else none', () => {
    expect(reportMark(false, '3', '5')).toBe('3');
    expect(reportMark(false, null, '5')).toBe('5');
    expect(reportMark(false, null, null)).toBeNull();
    expect(reportMark(false, 'junk', 'also junk')).toBeNull();
  });

  it('pupils without a mark are counted apart and outside N, never as failing', () => {
    // 5 4 3 2 н/а осв and four without a mark: N 5, успеваемость 3·100/5 = 60, качество 40.
    const tally = tallyMarks(['5', '4', '3', '2', 'Н/А', 'осв', null, null, null, null]);
    expect(tally).toEqual({
      n5: 1,
      n4: 1,
      n3: 1,
      n2: 1,
      na: 1,
      exempt: 1,
      without_mark: 4,
      total: 5,
      sum: 14,
      numeric: 4,
    });
    expect(tallyFigures(tally)).toMatchObject({ success: 60, quality: 40, average: 3.5, without_mark: 4 });
    // Nobody marked yet: no percentage at all rather than 0 %.
    expect(tallyFigures(tallyMarks([null, null]))).toMatchObject({
      total: 0,
      success: null,
      without_mark: 2,
    });
  });

  it('tallies add up: a teacher over two classes is the sum of the classes', () => {
    const a = tallyMarks(['5', null, '2']);
    const b = tallyMarks(['4', 'ЗЧ', 'НЗ', null]);
    expect(mergeTallies([a, b])).toEqual(tallyMarks(['5', null, '2', '4', 'ЗЧ', 'НЗ', null]));
  });

  it('closed period: a subject without a final mark puts the student apart, a «2» or not', () => {
    const counts = (values: (FinalMarkValue | null)[]) => tallyMarks(values);
    expect(classifyStudent(counts(['5', null]))).toBe('no_marks');
    expect(classifyStudent(counts(['5', '4', null]))).toBe('no_marks');
    // The same rule with a «2»: no pupil stays in N for a missing mark while another leaves it.
    expect(classifyStudent(counts(['2', null]))).toBe('no_marks');
    expect(classifyStudent(counts(['2', '2', null]), 'final')).toBe('no_marks');
    expect(classifyStudent(counts(['осв', null]))).toBe('no_marks');
    expect(classifyStudent(counts(['5', '4']))).toBe('good');
    expect(classifyStudent(counts(['2', '4']))).toBe('failing_one');
    // «Без оценки» stays out of N like освобождённые.
    expect(classificationCounts(['good', 'no_marks', 'no_marks', 'failing_one'])).toMatchObject({
      n4: 1,
      n2: 1,
      total: 2,
    });
  });

  it('mid-term: a subject not graded yet is left out, the student is classified by the rest', () => {
    const counts = (values: (FinalMarkValue | null)[]) => tallyMarks(values);
    expect(classifyStudent(counts(['5', null]), 'current')).toBe('excellent');
    expect(classifyStudent(counts(['5', '4', null]), 'current')).toBe('good');
    expect(classifyStudent(counts(['2', null]), 'current')).toBe('failing_one');
    expect(classifyStudent(counts(['Н/А', '5', null]), 'current')).toBe('not_attested');
    expect(classifyStudent(counts([null, null]), 'current')).toBe('no_marks');
    expect(classifyStudent(counts(['осв', null]), 'current')).toBe('no_marks');
  });
});
