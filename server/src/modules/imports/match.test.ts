import { TextDecoder } from 'node:util';
import { decodeXml, unescapeXml } from './asc-file';
import { closest, editDistance } from './match';

/** The pure pieces of the import's matching and reading: close names, encodings, entities. */

const staff = [
  { id: 1, name: 'Иванова Анна Петровна' },
  { id: 2, name: 'Иванов Андрей Петрович' },
  { id: 3, name: 'Петров Игорь Сергеевич' },
];

describe('closest', () => {
  it('matches case, ё, punctuation and spaces aside', () => {
    expect(closest('  иванова   АННА петровна ', staff)).toBe(1);
    expect(closest('Семён', [{ id: 7, name: 'Семен' }])).toBe(7);
  });
  it('matches a surname with initials, when only one person has them', () => {
    expect(closest('Иванова А. П.', staff)).toBe(1);
    expect(closest('Петров И.С.', staff)).toBe(3);
  });
  it('matches a slip of a letter or two in a long name, not in a short one or a room', () => {
    expect(closest('Петров Игорь Сергееввич', staff)).toBe(3);
    expect(closest('Матиматика', [{ id: 5, name: 'Математика' }])).toBe(5);
    expect(closest('101', [{ id: 9, name: '102' }], false)).toBeUndefined();
    expect(closest('ИЗО', [{ id: 9, name: 'ОБЖ' }])).toBeUndefined();
    expect(closest('Учитель 11', [{ id: 9, name: 'Учитель 10' }])).toBeUndefined();
  });
  it('gives nothing when two records are as close', () => {
    expect(closest('Иванов А. П.', [...staff, { id: 4, name: 'Иванов Алексей Павлович' }])).toBeUndefined();
  });
  it('edit distance', () => {
    expect(editDistance('кот', 'кит', 2)).toBe(1);
    expect(editDistance('абвгд', 'а', 2)).toBe(3);
  });
});

describe('decodeXml', () => {
  const text = '<?xml version="1.0" encoding="windows-1251"?><timetable name="Школа"/>';
  const byChar = new Map<string, number>();
  const decoder = new TextDecoder('windows-1251');
  for (let b = 0; b < 256; b++) byChar.set(decoder.decode(Uint8Array.of(b)), b);
  const cp1251 = Uint8Array.from([...text].map((ch) => byChar.get(ch) ?? 63));

  it('reads the declared encoding, UTF-8 when none, a BOM aside', () => {
    expect(decodeXml(cp1251)).toBe(text);
    expect(decodeXml(Buffer.from('\uFEFF<timetable name="Школа"/>', 'utf8'))).toBe(
      '<timetable name="Школа"/>',
    );
  });
  it('refuses bytes not in the encoding and an encoding not known, in Russian', () => {
    expect(() => decodeXml(Buffer.from([0x3c, 0xff, 0xfe]))).toThrow('Файл не в объявленной кодировке UTF-8');
    expect(() => decodeXml(Buffer.from('<?xml version="1.0" encoding="klingon"?><a/>'))).toThrow(
      'Кодировка файла «klingon» не поддерживается',
    );
  });
  it('unescapes only the predefined entities and character references', () => {
    expect(unescapeXml('a &amp; b &lt;c&gt; &#1041; &#x42; &foo;')).toBe('a & b <c> Б B &foo;');
  });
});
