import zlib from 'node:zlib';

/**
 * A streaming Excel (.xlsx) writer: one worksheet whose rows come from an async source, written as they arrive
 * (inline strings, no shared-string table) through one raw-deflate stream into a ZIP entry with a data descriptor.
 * Memory stays flat whatever the number of rows: nothing of the sheet is kept once written (bench/export.ts shows it).
 */
export type TCell = string | number | null | undefined;
/** How a column's cells look: 'money' numbers with two decimals and thousands separators (#,##0.00). */
export type TColumnStyle = 'text' | 'money';
const STYLE_ID: Record<TColumnStyle, number> = { text: 0, money: 2 };

const enc = (s: string) => Buffer.from(s, 'utf8');
/** Drops the characters XML 1.0 forbids: control characters other than tab, newline and return. */
const xmlChars = (s: string) =>
  [...s].filter((c) => c.charCodeAt(0) >= 0x20 || c === '\t' || c === '\n' || c === '\r').join('');
const esc = (s: string) =>
  xmlChars(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const colName = (i: number) => {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};
function rowXml(r: number, cells: TCell[], styles: readonly number[] = []): string {
  let x = `<row r="${r}">`;
  cells.forEach((v, i) => {
    if (v === null || v === undefined || v === '') return;
    const ref = `${colName(i)}${r}`;
    const s = styles[i] ? ` s="${styles[i]}"` : '';
    x +=
      typeof v === 'number' && Number.isFinite(v)
        ? `<c r="${ref}"${s}><v>${v}</v></c>`
        : `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${esc(String(v))}</t></is></c>`;
  });
  return `${x}</row>`;
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WB_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>';
/** style 1: the header row in bold on a light fill; style 2: money (built-in number format 4, #,##0.00) */
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="等线"/></font><font><b/><sz val="11"/><name val="等线"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFF0F4FA"/></patternFill></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="3"><xf/><xf fontId="1" fillId="2" applyFont="1" applyFill="1"/><xf numFmtId="4" applyNumberFormat="1"/></cellXfs></styleSheet>';
const workbook = (name: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${esc(name.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

interface TEntry {
  name: Buffer;
  crc: number;
  size: number;
  csize: number;
  offset: number;
  method: number;
  flags: number;
}
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

function localHeader(e: Omit<TEntry, 'offset'>): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(e.flags, 6);
  b.writeUInt16LE(e.method, 8);
  b.writeUInt16LE(DOS_TIME, 10);
  b.writeUInt16LE(DOS_DATE, 12);
  b.writeUInt32LE(e.crc >>> 0, 14);
  b.writeUInt32LE(e.csize, 18);
  b.writeUInt32LE(e.size, 22);
  b.writeUInt16LE(e.name.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, e.name]);
}
function centralHeader(e: TEntry): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(20, 6);
  b.writeUInt16LE(e.flags, 8);
  b.writeUInt16LE(e.method, 10);
  b.writeUInt16LE(DOS_TIME, 12);
  b.writeUInt16LE(DOS_DATE, 14);
  b.writeUInt32LE(e.crc >>> 0, 16);
  b.writeUInt32LE(e.csize, 20);
  b.writeUInt32LE(e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt32LE(e.offset, 42);
  return Buffer.concat([b, e.name]);
}

/**
 * The bytes of an .xlsx file: the header row, then every row `rows` yields (in batches, each written and flushed
 * through the deflate stream before the next is read).
 */
export async function* xlsxStream(
  sheet: string,
  header: string[],
  rows: AsyncIterable<TCell[][]>,
  widths: number[] = [],
  styles: TColumnStyle[] = [],
): AsyncGenerator<Buffer> {
  const ids = styles.map((s) => STYLE_ID[s]);
  const entries: TEntry[] = [];
  let offset = 0;
  const stored = (name: string, text: string) => {
    const data = enc(text);
    const e = {
      name: enc(name),
      crc: zlib.crc32(data),
      size: data.length,
      csize: data.length,
      method: 0,
      flags: 0x0800,
    };
    const head = localHeader(e);
    entries.push({ ...e, offset });
    offset += head.length + data.length;
    return Buffer.concat([head, data]);
  };
  yield stored('[Content_Types].xml', CONTENT_TYPES);
  yield stored('_rels/.rels', RELS);
  yield stored('xl/workbook.xml', workbook(sheet));
  yield stored('xl/_rels/workbook.xml.rels', WB_RELS);
  yield stored('xl/styles.xml', STYLES);

  // the sheet: deflated as it is written; sizes and CRC follow in a data descriptor
  const name = enc('xl/worksheets/sheet1.xml');
  const flags = 0x0008 | 0x0800;
  const head = localHeader({ name, crc: 0, size: 0, csize: 0, method: 8, flags });
  const sheetOffset = offset;
  yield head;
  offset += head.length;
  const deflate = zlib.createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  let crc = 0;
  let size = 0;
  let csize = 0;
  const write = async (text: string, final = false) => {
    const data = enc(text);
    crc = zlib.crc32(data, crc);
    size += data.length;
    deflate.write(data);
    if (final) {
      await new Promise<void>((resolve, reject) => {
        deflate.once('end', resolve);
        deflate.once('error', reject);
        deflate.end();
      });
    } else {
      await new Promise<void>((resolve) => deflate.flush(zlib.constants.Z_SYNC_FLUSH, () => resolve()));
      // the flushed bytes reach the 'data' listener on the next turn
      await new Promise((resolve) => setImmediate(resolve));
    }
    const chunk = Buffer.concat(out.splice(0));
    csize += chunk.length;
    return chunk;
  };
  const cols = widths.length
    ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
    : '';
  yield await write(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>${cols}<sheetData>${rowXml(
      1,
      header,
      header.map(() => 1),
    )}`,
  );
  let r = 1;
  for await (const batch of rows) {
    let x = '';
    for (const cells of batch) x += rowXml(++r, cells, ids);
    if (x) yield await write(x);
  }
  yield await write('</sheetData></worksheet>', true);
  const desc = Buffer.alloc(16);
  desc.writeUInt32LE(0x08074b50, 0);
  desc.writeUInt32LE(crc >>> 0, 4);
  desc.writeUInt32LE(csize, 8);
  desc.writeUInt32LE(size, 12);
  yield desc;
  offset += csize + desc.length;
  entries.push({ name, crc, size, csize, method: 8, flags, offset: sheetOffset });

  const central = Buffer.concat(entries.map(centralHeader));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([central, end]);
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
