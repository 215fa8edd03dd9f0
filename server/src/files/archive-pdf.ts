import PDFDocument from 'pdfkit';

/**
 * A printable archive document (issue 40) as PDF/A-2b: A4 landscape, DejaVu Sans Condensed embedded
 * (Cyrillic, from the npm registry: no system font is read), «стр. N из M» at the foot of every page.
 * The caller says what to print as a list of blocks; this file only lays them out: a wide grid
 * (pupils × lessons, pupils × subjects) is split into pages by columns and by rows, repeating the
 * row labels and the header on each; a list (topics and homework) breaks between rows and repeats
 * its header.
 */

export interface GridColumn {
  /** Column header (a date, «Средний», a period's short name). */
  label: string;
  /** Spanning header above consecutive columns with the same group (a subject over its periods). */
  group?: string;
  /**
   * The group's abbreviation («Рус. яз.»), printed instead when the group's name does not fit its
   * span in two lines with whole words; the grid's note then gets a legend of the abbreviations used.
   */
  groupShort?: string;
  width: number;
  cells: string[];
}

export type ArchiveBlock =
  | { kind: 'title'; heading: string; lines: string[] }
  | { kind: 'heading'; text: string; newPage?: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'grid'; rowHeader: string; rowLabels: string[]; columns: GridColumn[]; note?: string }
  | { kind: 'list'; columns: { label: string; width: number }[]; rows: string[][] };

export interface ArchiveDocument {
  /** The document's title in its metadata. */
  title: string;
  /** The small line at the left of every page's foot (school, class, year). */
  footer: string;
  blocks: ArchiveBlock[];
}

const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf');

const MARGIN = 28;
const FOOT = 18;
const ROW_HEIGHT = 11;
const HEAD_HEIGHT = 13;
const GROUP_HEIGHT = 20;
const LABEL_WIDTH = 150;
const CELL_FONT = 7;
const LIST_FONT = 8;

type Doc = PDFKit.PDFDocument;

function contentBottom(doc: Doc) {
  return doc.page.height - MARGIN - FOOT;
}

function contentWidth(doc: Doc) {
  return doc.page.width - 2 * MARGIN;
}

function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > contentBottom(doc)) doc.addPage();
}

function cellText(doc: Doc, text: string, x: number, y: number, width: number, height: number, bold = false) {
  doc.font(bold ? 'bold' : 'regular');
  doc.text(text, x + 1.5, y + (height - doc.currentLineHeight()) / 2 + 0.5, {
    width: width - 3,
    height: height - 1,
    align: 'center',
    lineBreak: false,
    ellipsis: true,
  });
}

function drawTitle(doc: Doc, block: Extract<ArchiveBlock, { kind: 'title' }>) {
  doc.y = doc.page.height / 4;
  doc
    .font('bold')
    .fontSize(20)
    .text(block.heading, MARGIN, doc.y, { width: contentWidth(doc), align: 'center' });
  doc.moveDown(1.5);
  doc.font('regular').fontSize(13);
  for (const line of block.lines) {
    doc.text(line, MARGIN, doc.y, { width: contentWidth(doc), align: 'center' });
    doc.moveDown(0.4);
  }
}

/**
 * Columns that fit the page beside the row labels, in order; a group (a subject's periods) stays on
 * one page when it fits one.
 */
function columnChunks(columns: GridColumn[], room: number): GridColumn[][] {
  const runs: GridColumn[][] = [];
  for (const column of columns) {
    const last = runs.at(-1);
    if (last && column.group !== undefined && last[0].group === column.group) last.push(column);
    else runs.push([column]);
  }
  const chunks: GridColumn[][] = [];
  let current: GridColumn[] = [];
  let used = 0;
  const add = (column: GridColumn) => {
    if (current.length > 0 && used + column.width > room) {
      chunks.push(current);
      current = [];
      used = 0;
    }
    current.push(column);
    used += column.width;
  };
  for (const run of runs) {
    const width = run.reduce((sum, column) => sum + column.width, 0);
    if (current.length > 0 && used + width > room && width <= room) {
      chunks.push(current);
      current = [];
      used = 0;
    }
    for (const column of run) add(column);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

const GROUP_FONT = CELL_FONT - 0.5;

/** The text fits the box in whole words (no word broken across lines) and within its height. */
function fitsWhole(doc: Doc, text: string, width: number, height: number): boolean {
  doc.font('bold').fontSize(GROUP_FONT);
  const words = text.split(/\s+/).filter(Boolean);
  return (
    words.every((word) => doc.widthOfString(word) <= width) && doc.heightOfString(text, { width }) <= height
  );
}

/**
 * A group header's text for its span: the name when it fits, else its abbreviation (noted in
 * `shortened` for the legend), else the name cut with an ellipsis.
 */
function groupLabel(doc: Doc, column: GridColumn, width: number, shortened: Map<string, string>): string {
  const group = column.group ?? '';
  if (!column.groupShort || fitsWhole(doc, group, width - 3, GROUP_HEIGHT - 3)) return group;
  shortened.set(column.groupShort, group);
  return column.groupShort;
}

function drawGridHeader(
  doc: Doc,
  rowHeader: string,
  columns: GridColumn[],
  withGroups: boolean,
  shortened: Map<string, string>,
) {
  const top = doc.y;
  const headTop = withGroups ? top + GROUP_HEIGHT : top;
  doc.fontSize(CELL_FONT).lineWidth(0.4);
  doc.rect(MARGIN, top, LABEL_WIDTH, (withGroups ? GROUP_HEIGHT : 0) + HEAD_HEIGHT).stroke();
  cellText(doc, rowHeader, MARGIN, top, LABEL_WIDTH, (withGroups ? GROUP_HEIGHT : 0) + HEAD_HEIGHT, true);
  let x = MARGIN + LABEL_WIDTH;
  let index = 0;
  while (withGroups && index < columns.length) {
    const first = columns[index];
    const group = first.group ?? '';
    let width = 0;
    while (index < columns.length && (columns[index].group ?? '') === group) {
      width += columns[index].width;
      index++;
    }
    const label = groupLabel(doc, first, width, shortened);
    doc.rect(x, top, width, GROUP_HEIGHT).stroke();
    doc.font('bold').fontSize(GROUP_FONT);
    doc.text(label, x + 1.5, top + 2, {
      width: width - 3,
      height: GROUP_HEIGHT - 3,
      align: 'center',
      ellipsis: true,
    });
    doc.fontSize(CELL_FONT);
    x += width;
  }
  x = MARGIN + LABEL_WIDTH;
  // A lesson's date («01.09») fits its narrow column only a point smaller than the cells.
  doc.fontSize(CELL_FONT - 1);
  for (const column of columns) {
    doc.rect(x, headTop, column.width, HEAD_HEIGHT).stroke();
    cellText(doc, column.label, x, headTop, column.width, HEAD_HEIGHT, true);
    x += column.width;
  }
  doc.fontSize(CELL_FONT);
  doc.y = headTop + HEAD_HEIGHT;
}

function drawGrid(doc: Doc, block: Extract<ArchiveBlock, { kind: 'grid' }>) {
  const withGroups = block.columns.some((column) => column.group !== undefined);
  const chunks = columnChunks(block.columns, contentWidth(doc) - LABEL_WIDTH);
  const headerHeight = HEAD_HEIGHT + (withGroups ? GROUP_HEIGHT : 0);
  const shortened = new Map<string, string>();
  chunks.forEach((columns, chunkIndex) => {
    if (chunks.length > 1) {
      ensureRoom(doc, LIST_FONT * 2 + headerHeight + ROW_HEIGHT);
      doc.font('regular').fontSize(LIST_FONT);
      doc.text(`Часть ${chunkIndex + 1} из ${chunks.length}`, MARGIN, doc.y, { width: contentWidth(doc) });
      doc.moveDown(0.2);
    }
    ensureRoom(doc, headerHeight + ROW_HEIGHT);
    drawGridHeader(doc, block.rowHeader, columns, withGroups, shortened);
    block.rowLabels.forEach((label, row) => {
      if (doc.y + ROW_HEIGHT > contentBottom(doc)) {
        doc.addPage();
        drawGridHeader(doc, block.rowHeader, columns, withGroups, shortened);
      }
      const y = doc.y;
      doc.fontSize(CELL_FONT).lineWidth(0.4);
      doc.rect(MARGIN, y, LABEL_WIDTH, ROW_HEIGHT).stroke();
      doc.font('regular').text(label, MARGIN + 2, y + 2, {
        width: LABEL_WIDTH - 4,
        height: ROW_HEIGHT - 1,
        lineBreak: false,
        ellipsis: true,
      });
      let x = MARGIN + LABEL_WIDTH;
      for (const column of columns) {
        doc.rect(x, y, column.width, ROW_HEIGHT).stroke();
        const value = column.cells[row] ?? '';
        if (value) cellText(doc, value, x, y, column.width, ROW_HEIGHT);
        x += column.width;
      }
      doc.y = y + ROW_HEIGHT;
    });
    doc.moveDown(0.6);
  });
  const legend = [...shortened].map(([short, full]) => `${short} — ${full}`).join('; ');
  const note = [block.note, legend ? `Сокращения: ${legend}.` : undefined].filter(Boolean).join(' ');
  if (note) drawText(doc, note);
}

function drawListHeader(doc: Doc, columns: { label: string; width: number }[]) {
  const y = doc.y;
  let x = MARGIN;
  doc.fontSize(LIST_FONT).lineWidth(0.4);
  for (const column of columns) {
    doc.rect(x, y, column.width, HEAD_HEIGHT + 2).stroke();
    doc
      .font('bold')
      .text(column.label, x + 2, y + 3, { width: column.width - 4, lineBreak: false, ellipsis: true });
    x += column.width;
  }
  doc.y = y + HEAD_HEIGHT + 2;
}

function drawList(doc: Doc, block: Extract<ArchiveBlock, { kind: 'list' }>) {
  ensureRoom(doc, HEAD_HEIGHT * 3);
  drawListHeader(doc, block.columns);
  doc.font('regular').fontSize(LIST_FONT);
  for (const row of block.rows) {
    const height =
      Math.max(
        ...block.columns.map((column, index) =>
          doc.heightOfString(row[index] || ' ', { width: column.width - 4 }),
        ),
      ) + 4;
    if (doc.y + height > contentBottom(doc)) {
      doc.addPage();
      drawListHeader(doc, block.columns);
      doc.font('regular').fontSize(LIST_FONT);
    }
    const y = doc.y;
    let x = MARGIN;
    block.columns.forEach((column, index) => {
      doc.rect(x, y, column.width, height).stroke();
      doc.text(row[index] ?? '', x + 2, y + 2, { width: column.width - 4 });
      x += column.width;
    });
    doc.y = y + height;
  }
  doc.moveDown(0.6);
}

function drawText(doc: Doc, text: string) {
  doc.font('regular').fontSize(LIST_FONT + 1);
  ensureRoom(doc, doc.heightOfString(text, { width: contentWidth(doc) }));
  doc.text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4);
}

function drawHeading(doc: Doc, block: Extract<ArchiveBlock, { kind: 'heading' }>) {
  if (block.newPage) doc.addPage();
  else ensureRoom(doc, 60);
  doc
    .font('bold')
    .fontSize(12)
    .text(block.text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4);
}

/** «стр. N из M» and the document's line at the foot of every page, once all pages exist. */
function drawFooters(doc: Doc, footer: string) {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const y = doc.page.height - MARGIN - FOOT + 6;
    // Writing below the bottom margin would start a new page: the margin is lifted for the foot.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(7).fillColor('#444444');
    doc.text(footer, MARGIN, y, { width: contentWidth(doc) - 100, lineBreak: false, ellipsis: true });
    doc.text(`стр. ${index + 1} из ${range.count}`, doc.page.width - MARGIN - 100, y, {
      width: 100,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('black');
    doc.page.margins.bottom = bottom;
  }
  return range.count;
}

/** The document as PDF/A-2b bytes and its number of pages. */
export async function writeArchivePdf(
  document: ArchiveDocument,
  createdAt: Date,
): Promise<{ bytes: Buffer; pages: number }> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    lang: 'ru-RU',
    displayTitle: true,
    info: {
      Title: document.title,
      Creator: 'Парта',
      Producer: 'Парта',
      // No ModDate: pdfkit's XMP carries no xmp:ModifyDate, and PDF/A wants every Info entry
      // mirrored there (veraPDF, ISO 19005-2 6.6.2.3.1); a file is never modified anyway.
      CreationDate: createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  doc.font('regular');
  for (const [index, block] of document.blocks.entries()) {
    switch (block.kind) {
      case 'title':
        if (index > 0) doc.addPage();
        drawTitle(doc, block);
        break;
      case 'heading':
        drawHeading(doc, block);
        break;
      case 'text':
        drawText(doc, block.text);
        break;
      case 'grid':
        drawGrid(doc, block);
        break;
      case 'list':
        drawList(doc, block);
        break;
    }
    // Laying out is synchronous: between blocks the event loop serves the requests of others.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const pages = drawFooters(doc, document.footer);
  doc.end();
  await ended;
  return { bytes: Buffer.concat(chunks), pages };
}
