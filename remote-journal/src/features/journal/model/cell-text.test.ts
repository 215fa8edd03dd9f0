import { parseCellText, weightedGrades } from '@parta/shared/domain/marks';
import { cellText, changesCell, isCellTyping } from './cell-text';

describe('cell text', () => {
  it('lets only mark characters into a cell being typed', () => {
    expect(isCellTyping('5/4')).toBe(true);
    expect(isCellTyping('Н')).toBe(true);
    expect(isCellTyping('б 3')).toBe(true);
    expect(isCellTyping('7')).toBe(false);
    expect(isCellTyping('n')).toBe(false);
  });

  it('shows a cell as the teacher types it back', () => {
    expect(
      cellText({
        grades: [
          { value: 5, work_type_id: null },
          { value: 4, work_type_id: 2 },
        ],
        attendance: null,
      }),
    ).toBe('5/4');
    expect(cellText({ grades: [], attendance: 'н' })).toBe('н');
    expect(cellText(undefined)).toBe('');
  });

  it('saves nothing when the typed marks equal the cell', () => {
    const cell = { grades: [{ value: 5, work_type_id: 3 }], attendance: null };
    expect(changesCell(parseCellText('5')!, cell)).toBe(false);
    expect(changesCell(parseCellText('5/4')!, cell)).toBe(true);
    expect(changesCell(parseCellText('')!, undefined)).toBe(false);
  });

  it('weighs each grade by its work type, 1 without one or for an unknown type', () => {
    const types = [{ id: 1, name: 'Контрольная работа', weight: 2 }];
    expect(
      weightedGrades(
        [
          {
            grades: [
              { value: 5, work_type_id: 1 },
              { value: 3, work_type_id: null },
              { value: 4, work_type_id: 99 },
            ],
          },
        ],
        types,
      ),
    ).toEqual([
      { value: 5, weight: 2 },
      { value: 3, weight: 1 },
      { value: 4, weight: 1 },
    ]);
  });
});
