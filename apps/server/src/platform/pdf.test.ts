import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfWriter, hasCjkFont } from './pdf';

/** The line breaking wrap() keeps: a character at a time, each line as long as its laid-out width fits. */
function wrapByLayout(w: PdfWriter, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let cur = '';
    for (const ch of [...para]) {
      if (w.font.widthOfTextAtSize(cur + ch, size) > width && cur) {
        lines.push(cur);
        cur = ch;
      } else cur += ch;
    }
    lines.push(cur);
  }
  return lines;
}

const TEXTS = [
  '丙方按订单约定向甲方项目提供履带式挖掘机（SY215C）8台月，设备状况良好、证照齐全，机手持证上岗。',
  '本合同经各方在机租通平台电子签署后生效，签署文件的摘要由平台留存，可在“合同验真”页面核验。\n\n第二段：租金按订单约定的含税单价按月结算。',
  'Office fittings, ffi ligatures, AV kerning, WAVE; 1,234,567.89 yuan — “quoted” text… and 12:30–13:45',
  '甲方（承租方）：中铁建设集团华东工程有限公司 / Tax ID 91310115MA1K3G7X2D / 电话 021-50801238',
  'ＷＩＤＥ　ｆｕｌｌｗｉｄｔｈ　ｔｅｘｔ　１２３，半角ｶﾀｶﾅ、한국어 텍스트, émigré café ★☆※',
  '',
  '一',
  'averyveryverylongwordwithoutanyspacesthatcannotbreakanywhereexceptbetweencharacters',
];

describe.skipIf(!hasCjkFont())('PdfWriter', () => {
  it('wraps lines exactly where laying out a character at a time breaks them', async () => {
    const w = await PdfWriter.create({ title: 't', footer: 'f' });
    for (const text of TEXTS) {
      for (const [size, width] of [
        [10, 499.28],
        [9, 76],
        [8, 120],
        [12, 30],
        [10, 5],
      ] as const) {
        expect(w.wrap(text, size, width), `${text} at ${size}/${width}`).toEqual(wrapByLayout(w, text, size, width));
      }
    }
  });

  it('writes readable documents one after another with the font parsed once', async () => {
    const texts = ['第一份文件：挖掘机租赁合同', '第二份文件：Loader lease, 装载机租赁补充协议'];
    const made = [];
    for (const t of texts) {
      const w = await PdfWriter.create({ title: t, footer: 'SN-1' });
      w.title(t);
      w.paragraph(t.repeat(6));
      made.push(await w.finish());
    }
    for (const [i, pdf] of made.entries()) {
      const doc = await PDFDocument.load(pdf);
      expect(doc.getTitle()).toBe(texts[i]);
      expect(doc.getPageCount()).toBe(1);
    }
    // each document carries its own subset: the second has glyphs the first lacks, and each embeds its font
    expect(made[0].length).toBeGreaterThan(2000);
    expect(made[1].length).toBeGreaterThan(made[0].length);
  });
});
