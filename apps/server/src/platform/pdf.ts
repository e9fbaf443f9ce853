import fs from 'node:fs';
import zlib from 'node:zlib';
import { EventEmitter } from 'node:events';
import * as fontkit from 'fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { AppError } from './errors';

/**
 * PDFs with Chinese text (the bidding result report now, the contract certificate page next). pdf-lib draws, upstream
 * fontkit 2 reads and subsets the CJK face: pdf-lib's own @pdf-lib/fontkit writes broken CJK subsets (ARCHITECTURE
 * "Known pitfalls"). fontkit 2 has `encode()` where pdf-lib calls `encodeStream()`, and the Noto face comes in a
 * collection (.ttc) where pdf-lib passes bytes only: the adapter bridges both.
 */
const CJK_FONTS = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf', face: '' },
];

let cached: { bytes: Buffer; face: string } | null = null;

/** Whether this server can write Chinese PDFs (Debian's fonts-noto-cjk is installed). */
export const hasCjkFont = () => CJK_FONTS.some((f) => fs.existsSync(f.file));

function cjkFont(): { bytes: Buffer; face: string } {
  if (cached) return cached;
  const found = CJK_FONTS.find((f) => fs.existsSync(f.file));
  // the server's own set-up lacks the font (Debian package fonts-noto-cjk): say so rather than write unreadable text
  if (!found) throw new AppError('SERVICE_UNAVAILABLE', '服务器缺少中文字体（fonts-noto-cjk），暂不能生成PDF');
  cached = { bytes: fs.readFileSync(found.file), face: found.face };
  return cached;
}

type TFontkitFont = ReturnType<typeof fontkit.create> & {
  createSubset: () => { encode: () => Uint8Array; includeGlyph: (g: unknown) => number };
};
/**
 * The CJK face, read once per process: every PDF's embedFont passes the same bytes, and parsing the collection and
 * its CFF table again costs about a quarter of a second a document. fontkit keeps nothing of a document in the font
 * (each embedding makes its own subset), so the documents share it, and its glyph and layout caches with it.
 */
let parsedFont: { data: Uint8Array; font: TFontkitFont } | null = null;
const adapter = {
  create(data: Uint8Array) {
    if (parsedFont?.data === data) return parsedFont.font;
    const { face } = cjkFont();
    const font = (face ? fontkit.create(Buffer.from(data), face) : fontkit.create(Buffer.from(data))) as TFontkitFont;
    const createSubset = font.createSubset.bind(font);
    const adapted = Object.assign(font, {
      createSubset() {
        const subset = createSubset();
        return Object.assign(subset, {
          encodeStream() {
            const out = new EventEmitter();
            setImmediate(() => {
              try {
                out.emit('data', subset.encode());
                out.emit('end');
              } catch (err) {
                out.emit('error', err);
              }
            });
            return out;
          },
        });
      },
    });
    parsedFont = { data, font: adapted };
    return adapted;
  },
};

const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 48;

/** A tiny flowing layout over pdf-lib: titles, key/value rows, tables with wrapping, page breaks, page numbers. */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  static async create(opts: { title: string; footer: string }): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(opts.title);
    return PdfWriter.onto(doc, opts.footer);
  }

  /** Writes new pages after those of an existing document (a contract's certificate and audit pages), from a new page. */
  static async onto(doc: PDFDocument, footer: string): Promise<PdfWriter> {
    doc.registerFontkit(adapter as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
    // the streams pdf-lib compresses whole (the font subset, its cmap, images) through Node's zlib rather than pako,
    // its JavaScript port: the same deflate format, at a fraction of the CPU (a CJK subset is ~100 kB)
    const context = doc.context;
    context.flateStream = (contents, dict = {}) =>
      context.stream(zlib.deflateSync(typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents), {
        ...dict,
        Filter: 'FlateDecode',
      });
    doc.setProducer('机租通');
    doc.setCreator('机租通');
    const font = await doc.embedFont(cjkFont().bytes, { subset: true });
    return new PdfWriter(doc, font, footer);
  }

  private newPage() {
    this.page = this.doc.addPage([A4.w, A4.h]);
    this.y = A4.h - MARGIN;
  }
  private ensure(h: number) {
    if (this.y - h < MARGIN + 20) this.newPage();
  }
  /** Each character's advance at size 1, laid out alone: an estimate of where a line ends. */
  private readonly advances = new Map<string, number>();
  private advance(ch: string): number {
    let a = this.advances.get(ch);
    if (a === undefined) this.advances.set(ch, (a = this.font.widthOfTextAtSize(ch, 1)));
    return a;
  }
  /**
   * Splits a text into lines that fit `width` at `size` (CJK text breaks anywhere): each line is the longest run of
   * characters whose laid-out width fits (at least one character). The characters' own advances say where that run
   * probably ends; the laid-out width of the run (the font's substitutions included) decides, a character at a time
   * from there: two layouts a line rather than one for each character of it.
   */
  wrap(text: string, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const para of text.split('\n')) {
      const chars = [...para];
      if (!chars.length) lines.push('');
      let start = 0;
      while (start < chars.length) {
        const fits = (end: number) => this.font.widthOfTextAtSize(chars.slice(start, end).join(''), size) <= width;
        let end = start + 1;
        for (
          let w = this.advance(chars[start]) * size;
          end < chars.length && w + this.advance(chars[end]) * size <= width;
          end++
        )
          w += this.advance(chars[end]) * size;
        if (end === start + 1 || fits(end)) {
          while (end < chars.length && fits(end + 1)) end++;
        } else {
          while (end > start + 1 && !fits(end)) end--;
        }
        lines.push(chars.slice(start, end).join(''));
        start = end;
      }
    }
    return lines;
  }
  title(text: string, size = 18) {
    this.ensure(size + 16);
    const w = this.font.widthOfTextAtSize(text, size);
    this.page.drawText(text, {
      x: (A4.w - w) / 2,
      y: this.y - size,
      size,
      font: this.font,
      color: rgb(0.07, 0.07, 0.07),
    });
    this.y -= size + 16;
  }
  heading(text: string, size = 12) {
    this.ensure(size + 18);
    this.y -= 6;
    this.page.drawText(text, { x: MARGIN, y: this.y - size, size, font: this.font, color: rgb(0.12, 0.43, 0.92) });
    this.y -= size + 8;
  }
  paragraph(text: string, size = 10) {
    for (const line of this.wrap(text, size, A4.w - 2 * MARGIN)) {
      this.ensure(size + 5);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font: this.font });
      this.y -= size + 5;
    }
  }
  /** Label / value pairs, two to a row. */
  fields(rows: [string, string][], size = 10) {
    const col = (A4.w - 2 * MARGIN) / 2;
    for (let i = 0; i < rows.length; i += 2) {
      const pair = rows.slice(i, i + 2);
      const wrapped = pair.map(([k, v]) => this.wrap(`${k}：${v || '—'}`, size, col - 8));
      const h = Math.max(...wrapped.map((l) => l.length)) * (size + 4) + 2;
      this.ensure(h);
      wrapped.forEach((lines, j) =>
        lines.forEach((l, k) =>
          this.page.drawText(l, { x: MARGIN + j * col, y: this.y - size - k * (size + 4), size, font: this.font }),
        ),
      );
      this.y -= h;
    }
  }
  /** A table: `widths` are fractions of the text width; cells wrap; the header repeats on a new page. */
  table(head: string[], rows: string[][], widths: number[], size = 9) {
    const total = A4.w - 2 * MARGIN;
    const cols = widths.map((w) => w * total);
    const drawRow = (cells: string[], bold: boolean) => {
      const wrapped = cells.map((c, i) => this.wrap(c, size, cols[i] - 6));
      const h = Math.max(...wrapped.map((l) => l.length)) * (size + 3) + 6;
      if (this.y - h < MARGIN + 20) {
        this.newPage();
        if (!bold) drawRow(head, true);
      }
      let x = MARGIN;
      if (bold)
        this.page.drawRectangle({ x: MARGIN, y: this.y - h, width: total, height: h, color: rgb(0.95, 0.96, 0.98) });
      wrapped.forEach((lines, i) => {
        lines.forEach((l, k) =>
          this.page.drawText(l, { x: x + 3, y: this.y - size - 3 - k * (size + 3), size, font: this.font }),
        );
        x += cols[i];
      });
      this.page.drawLine({
        start: { x: MARGIN, y: this.y - h },
        end: { x: MARGIN + total, y: this.y - h },
        thickness: 0.5,
        color: rgb(0.85, 0.85, 0.85),
      });
      this.y -= h;
    };
    drawRow(head, true);
    for (const r of rows) drawRow(r, false);
    this.y -= 6;
  }

  /** Page numbers on every page (from `from`, 0 for all) and the bytes. */
  async finish(from = 0): Promise<Buffer> {
    const pages = this.doc.getPages().slice(from);
    pages.forEach((p, i) => {
      const text = `${this.footer}    第 ${i + 1} / ${pages.length} 页`;
      const size = 8;
      p.drawText(text, {
        x: (A4.w - this.font.widthOfTextAtSize(text, size)) / 2,
        y: MARGIN / 2,
        size,
        font: this.font,
        color: rgb(0.5, 0.5, 0.5),
      });
    });
    return Buffer.from(await this.doc.save());
  }
}
