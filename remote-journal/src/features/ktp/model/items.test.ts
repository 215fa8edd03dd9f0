import { errorsByRow, moveItem } from './items';

describe('КТП items', () => {
  it('hands each row the field errors of its own index', () => {
    const rows = errorsByRow({
      'items.0.topic': 'Укажите тему урока',
      'items.12.hours': 'Не больше 99',
      'items.12.topic': 'Слишком длинно',
      items: 'Не больше 500 тем',
    });
    expect(rows.get(0)).toEqual({ topic: 'Укажите тему урока' });
    expect(rows.get(12)).toEqual({ hours: 'Не больше 99', topic: 'Слишком длинно' });
    expect(rows.get(1)).toBeUndefined();
    expect(rows.size).toBe(2);
  });

  it('moves an item and leaves a move out of the list as it was', () => {
    expect(moveItem(['а', 'б', 'в'], 2, 0)).toEqual(['в', 'а', 'б']);
    expect(moveItem(['а', 'б'], 1, 2)).toEqual(['а', 'б']);
  });
});
