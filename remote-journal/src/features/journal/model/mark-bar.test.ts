import { parseCellText } from '@parta/shared/domain/marks';
import {
  BAR_MARKS,
  barMarks,
  dropLast,
  finishSeveral,
  nextRow,
  SINGLE,
  tapMark,
  toggleSeveral,
} from './mark-bar';

describe('touch mark bar', () => {
  it('writes one tapped mark at once, as the same text the keyboard would type', () => {
    expect(tapMark(SINGLE, '5')).toEqual({ kind: 'write', text: '5' });
    expect(tapMark(SINGLE, 'н')).toEqual({ kind: 'write', text: 'н' });
    expect(parseCellText('н')).toEqual({ grades: [], attendance: 'н' });
  });

  it('gathers a double mark in «несколько» mode and writes it on «готово»', () => {
    let state = toggleSeveral(SINGLE);
    expect(state).toEqual({ draft: '' });
    expect(finishSeveral(state)).toEqual({ kind: 'draft', state: SINGLE });
    for (const mark of ['5', '4'] as const) {
      const outcome = tapMark(state, mark);
      if (outcome.kind !== 'draft') throw new Error(`expected a draft, got ${outcome.kind}`);
      state = outcome.state;
    }
    expect(state.draft).toBe('5/4');
    const written = finishSeveral(state);
    expect(written).toEqual({ kind: 'write', text: '5/4' });
    // The grid parses it with its own parser into two grades.
    expect(parseCellText('5/4')).toEqual({ grades: [5, 4], attendance: null });
  });

  it('refuses what the grid would refuse: a fifth grade, two attendance marks', () => {
    expect(tapMark({ draft: '5/4/3/2' }, '1')).toEqual({
      kind: 'refused',
      hint: 'В клетке не больше 4 оценок',
    });
    expect(tapMark({ draft: 'н' }, 'б')).toEqual({
      kind: 'refused',
      hint: 'В клетке одна отметка посещаемости: н или б',
    });
    // An attendance mark with a grade is a cell the keyboard takes too («н 3»).
    expect(tapMark({ draft: 'н' }, '3')).toEqual({ kind: 'draft', state: { draft: 'н/3' } });
  });

  it('drops the last gathered mark and leaves «несколько» on a second tap', () => {
    expect(dropLast({ draft: '5/4' })).toEqual({ draft: '5' });
    expect(dropLast({ draft: '5' })).toEqual({ draft: '' });
    expect(dropLast(SINGLE)).toBe(SINGLE);
    expect(toggleSeveral({ draft: '5' })).toEqual(SINGLE);
  });

  it('goes down the column to the next pupil and stops at the last', () => {
    expect(nextRow(0, 25)).toBe(1);
    expect(nextRow(24, 25)).toBe(24);
  });

  it('offers only н and б on a journal «без отметок»', () => {
    expect(barMarks(true)).toEqual(['н', 'б']);
    expect(barMarks(false)).toEqual(BAR_MARKS);
  });
});
