import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ArchiveBlock, writeArchivePdf } from './archive-pdf';

let workDir: string;
beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'parta-pdf-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function textOf(bytes: Buffer): string[] {
  const file = path.join(workDir, 'doc.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
}

const pupils = Array.from({ length: 60 }, (_, index) => `${index + 1}. Ученик Номер${index + 1}`);

describe('archive PDF layout', () => {
  it('splits a wide grid into parts and a long one into pages, keeping a group whole and counting pages', async () => {
    const subjects = ['Математика', 'Русский язык', 'Литература', 'История', 'Музыка', 'Биология'];
    const blocks: ArchiveBlock[] = [
      { kind: 'title', heading: 'Классный журнал 5А класса', lines: ['МБОУ СОШ №1'] },
      { kind: 'heading', text: 'Сводная ведомость итоговых оценок', newPage: true },
      {
        kind: 'grid',
        rowHeader: 'Ученик',
        rowLabels: pupils,
        columns: subjects.flatMap((subject) =>
          ['I ч.', 'II ч.', 'III ч.', 'IV ч.', 'Год'].map((label) => ({
            label,
            group: subject,
            width: 26,
            cells: pupils.map(() => (subject === 'Музыка' ? 'осв' : '5')),
          })),
        ),
      },
    ];
    const { bytes, pages } = await writeArchivePdf(
      { title: 'Журнал', footer: 'МБОУ СОШ №1 · 5А', blocks },
      new Date(),
    );
    const texts = textOf(bytes).filter((page) => page.trim() !== '');
    expect(texts).toHaveLength(pages);
    texts.forEach((page, index) => {
      expect(page).toContain(`стр. ${index + 1} из ${pages}`);
      expect(page).toContain('МБОУ СОШ №1 · 5А');
    });
    const all = texts.join('\n');
    expect(all).toContain('Часть 1 из 2');
    expect(all).toContain('Часть 2 из 2');
    // 60 pupils do not fit one page: the header repeats, every pupil is printed in each part.
    expect(all.split('60. Ученик Номер60')).toHaveLength(3);
    // A subject's five columns stay in one part: «Музыка»'s «осв» are never split from its header.
    const partTwo = all.slice(all.indexOf('Часть 2 из 2'));
    expect(partTwo.includes('Музыка')).toBe(!all.slice(0, all.indexOf('Часть 2 из 2')).includes('Музыка'));
  });

  it('repeats a list header after a page break and prints long topics whole', async () => {
    const topic = 'Сложение и вычитание обыкновенных дробей с разными знаменателями, решение задач';
    const { bytes } = await writeArchivePdf(
      {
        title: 'Темы',
        footer: 'темы',
        blocks: [
          {
            kind: 'list',
            columns: [
              { label: '№', width: 28 },
              { label: 'Тема урока', width: 200 },
            ],
            rows: Array.from({ length: 80 }, (_, index) => [String(index + 1), topic]),
          },
        ],
      },
      new Date(),
    );
    const texts = textOf(bytes).filter((page) => page.trim() !== '');
    expect(texts.length).toBeGreaterThan(1);
    for (const page of texts) expect(page).toContain('Тема урока');
    expect(texts.join('\n')).toContain('знаменателями');
  });

  it('is PDF/A-2b as far as poppler shows: fonts embedded, XMP identification, output intent, Info mirrored', async () => {
    const { bytes } = await writeArchivePdf(
      {
        title: 'Классный журнал 5А, 2026/2027 учебный год',
        footer: 'МБОУ СОШ №1',
        blocks: [{ kind: 'title', heading: 'Классный журнал 5А класса', lines: ['Ёжикова Мария'] }],
      },
      new Date('2027-06-30T10:00:00Z'),
    );
    const file = path.join(workDir, 'pdfa.pdf');
    writeFileSync(file, bytes);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    // name type encoding emb sub uni: every font embedded, subset, with a ToUnicode map.
    for (const line of fonts) expect(line).toMatch(/\syes\s+yes\s+yes\s+\d+\s+\d+\s*$/);
    const raw = bytes.toString('latin1');
    const xmp = Buffer.from(
      raw.slice(raw.indexOf('<x:xmpmeta'), raw.indexOf('</x:xmpmeta>')),
      'latin1',
    ).toString('utf8');
    expect(xmp).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('Классный журнал 5А, 2026/2027 учебный год');
    expect(xmp).toContain('<xmp:CreateDate>2027-06-30T10:00:00Z</xmp:CreateDate>');
    expect(raw).toMatch(/\/OutputIntents \[\d+ 0 R\]/);
    expect(raw).toMatch(/\/S \/GTS_PDFA1/);
    expect(raw).toMatch(/\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/);
    // An Info entry without its XMP twin breaks PDF/A: there is no xmp:ModifyDate, so no ModDate.
    expect(raw).not.toContain('/ModDate');
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Metadata Stream:\s+yes/);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
  });
});
