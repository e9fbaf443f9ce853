import sharp from 'sharp';

/**
 * The authorisation-letter template of company verification (GET /api/index/download/certificate): an A4 PDF the
 * user prints, fills in, stamps and uploads. The page is drawn as SVG, rasterised by sharp with the system's CJK
 * font, and wrapped as a JPEG image in a minimal PDF, so no font is embedded and every viewer shows the same page.
 */
const W = 1240; // A4 at 150 dpi
const H = 1754;

const LINES: { text: string; y: number; size?: number; bold?: boolean; center?: boolean }[] = [
  { text: '企业认证授权委托书', y: 200, size: 56, bold: true, center: true },
  { text: '机租通平台：', y: 340, size: 34 },
  { text: '兹授权本单位员工 ____________（身份证号码：______________________）', y: 430 },
  { text: '作为本单位在机租通平台办理企业认证事宜的经办人，代表本单位提交企业', y: 490 },
  { text: '认证资料、确认认证信息。经办人在办理上述事项过程中所签署的文件和提交', y: 550 },
  { text: '的资料，本单位均予以认可，并承担相应的法律责任。', y: 610 },
  { text: '授权期限：自 ______ 年 ____ 月 ____ 日至 ______ 年 ____ 月 ____ 日。', y: 700 },
  { text: '企业名称：____________________________________________', y: 820 },
  { text: '统一社会信用代码：____________________________________', y: 890 },
  { text: '法定代表人（签字）：__________________', y: 960 },
  { text: '经办人（签字）：______________________', y: 1030 },
  { text: '单位（盖公章）：', y: 1200 },
  { text: '日期：______ 年 ____ 月 ____ 日', y: 1300 },
  { text: '说明：请打印本授权书，填写完整并加盖企业公章后，拍照或扫描上传（JPG、PNG，10M以内）。', y: 1560, size: 24 },
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function svg(): string {
  const body = LINES.map((l) => {
    const size = l.size ?? 30;
    const x = l.center ? W / 2 : 130;
    const anchor = l.center ? 'middle' : 'start';
    return `<text x="${x}" y="${l.y}" font-size="${size}" font-weight="${l.bold ? 700 : 400}" text-anchor="${anchor}">${esc(l.text)}</text>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#fff"/><g font-family="Noto Sans CJK SC, Noto Sans SC, sans-serif" fill="#111">${body}</g></svg>`;
}

/** A one-page PDF showing a JPEG over the whole A4 page. */
export function jpegToPdf(jpeg: Buffer, width: number, height: number): Buffer {
  const pageW = 595.28;
  const pageH = 841.89;
  const content = `q ${pageW} 0 0 ${pageH} 0 0 cm /Im0 Do Q`;
  const parts: (string | Buffer)[] = [];
  const offsets: number[] = [];
  let len = 0;
  const push = (p: string | Buffer) => {
    parts.push(p);
    len += typeof p === 'string' ? Buffer.byteLength(p, 'latin1') : p.length;
  };
  const obj = (n: number, body: () => void) => {
    offsets[n] = len;
    push(`${n} 0 obj\n`);
    body();
    push('\nendobj\n');
  };
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  obj(1, () => push('<< /Type /Catalog /Pages 2 0 R >>'));
  obj(2, () => push('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'));
  obj(3, () =>
    push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`,
    ),
  );
  obj(4, () => {
    push(
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
    );
    push(jpeg);
    push('\nendstream');
  });
  obj(5, () => push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`));
  const xref = len;
  const rows = [1, 2, 3, 4, 5].map((n) => `${String(offsets[n]).padStart(10, '0')} 00000 n \n`).join('');
  push(`xref\n0 6\n0000000000 65535 f \n${rows}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));
}

let cached: Promise<Buffer> | null = null;

/** The template is the same for everyone: drawn once per process. */
export function certificateTemplate(): Promise<Buffer> {
  cached ??= sharp(Buffer.from(svg()))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer()
    .then((jpeg) => jpegToPdf(jpeg, W, H))
    .catch((e: unknown) => {
      cached = null;
      throw e;
    });
  return cached;
}

export const CERTIFICATE_FILENAME = '企业认证授权委托书.pdf';
