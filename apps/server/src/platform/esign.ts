import { PDFDocument, rgb } from 'pdf-lib';
import { AppError } from './errors';
import { PdfWriter } from './pdf';

/** One party's stamp on the signed contract: its seal image (PNG) or, without one, its name in a drawn seal. */
export interface TSignStamp {
  /** 甲方（承租方）… */
  role: string;
  company: string;
  seal: Buffer | null;
}
export interface TSignInput {
  pdf: Buffer;
  stamps: TSignStamp[];
  /** "王立恒（江苏恒力…）" */
  signer: string;
  signedAt: string;
  /** the certificate's label / value rows */
  certificate: [string, string][];
  /** the audit page: time, event, detail */
  events: string[][];
}

/**
 * The e-sign provider (ARCHITECTURE § Providers). `local` is the working default: it stamps the parties' seals, the
 * signer and the time onto the last page of the uploaded PDF and appends a certificate page with the contract's
 * audit trail; the caller records the SHA-256 of the result, which /site/verify looks up. A third-party signer
 * would implement the same interface.
 */
export interface ContractSigner {
  readonly name: string;
  sign(input: TSignInput): Promise<Buffer>;
}

const RED = rgb(0.8, 0.1, 0.1);
const STAMP = 96;

export class LocalContractSigner implements ContractSigner {
  readonly name = 'local';

  async sign(input: TSignInput): Promise<Buffer> {
    let doc: PDFDocument;
    try {
      doc = await PDFDocument.load(input.pdf, { updateMetadata: false });
    } catch {
      throw new AppError('CONTRACT_NOT_PDF');
    }
    const pages = doc.getPageCount();
    if (pages < 1) throw new AppError('CONTRACT_NOT_PDF');
    const w = await PdfWriter.onto(doc, '机租通电子签署');
    const font = w.font;
    const last = doc.getPage(pages - 1);
    const { width } = last.getSize();
    const gap = 24;
    let x = width - 40 - input.stamps.length * (STAMP + gap) + gap;
    const y = 60;
    for (const s of input.stamps) {
      if (s.seal) {
        const img = await doc.embedPng(s.seal);
        last.drawImage(img, { x, y: y + 16, width: STAMP, height: STAMP, opacity: 0.9 });
      } else {
        // a drawn seal: a red ring with the company name across it
        last.drawEllipse({
          x: x + STAMP / 2,
          y: y + 16 + STAMP / 2,
          xScale: STAMP / 2,
          yScale: STAMP / 2,
          borderColor: RED,
          borderWidth: 2.5,
          opacity: 0,
        });
        const lines = w.wrap(s.company, 9, STAMP - 20).slice(0, 3);
        lines.forEach((l, i) => {
          const tw = font.widthOfTextAtSize(l, 9);
          last.drawText(l, { x: x + (STAMP - tw) / 2, y: y + 16 + STAMP / 2 + 6 - i * 12, size: 9, font, color: RED });
        });
        const star = '★';
        last.drawText(star, { x: x + STAMP / 2 - 5, y: y + 16 + STAMP / 2 + 22, size: 10, font, color: RED });
      }
      last.drawText(s.role, { x, y: y + 2, size: 8, font, color: rgb(0.3, 0.3, 0.3) });
      x += STAMP + gap;
    }
    const line = `电子签署：${input.signer}  ${input.signedAt}`;
    last.drawText(line, {
      x: width - 40 - font.widthOfTextAtSize(line, 8),
      y: 46,
      size: 8,
      font,
      color: rgb(0.3, 0.3, 0.3),
    });

    // the writer opened its first page after the contract's own: the certificate
    w.title('电子签署证书');
    w.fields(input.certificate);
    w.heading('签署过程记录');
    w.table(['时间', '事件', '说明'], input.events, [0.26, 0.22, 0.52]);
    w.paragraph(
      '本证书由机租通平台在签署时生成并附于合同末尾。签署完成后平台记录整个文件的 SHA-256 摘要，可在机租通“合同验真”页面上传本文件核验其未被修改。',
      8,
    );
    return w.finish(pages);
  }
}

export function createContractSigner(): ContractSigner {
  return new LocalContractSigner();
}
