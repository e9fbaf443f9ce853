/**
 * Contact details hidden in free text (spec/3 §5: a job card's or hiring demand's content, and comments, "must not
 * contain contact details"). Operators and hirers try to move the conversation off the platform by writing a phone
 * number, WeChat id, QQ number or e-mail address into the text, and disguise it against a naive pattern: spaces or
 * dashes between digits, full-width digits, Chinese numerals (一三八…, 壹叁捌…, 幺), circled digits, "微 信", "V：…",
 * "扣扣", "at"/"点" in an address. The text is normalised first (digits in one alphabet, separators inside digit runs
 * dropped), then matched. Ordinary sentences with numbers (wages, tonnage, years, hours, ranges) must pass.
 *
 * One rule for the server (the schema refines with it) and the form (the same schema drives the antd rules).
 */
export type TContactKind = 'phone' | 'wechat' | 'qq' | 'email';

const DIGIT_MAP: Record<string, string> = {
  零: '0',
  〇: '0',
  洞: '0',
  幺: '1',
  一: '1',
  壹: '1',
  二: '2',
  贰: '2',
  貳: '2',
  三: '3',
  叁: '3',
  參: '3',
  四: '4',
  肆: '4',
  五: '5',
  伍: '5',
  六: '6',
  陆: '6',
  陸: '6',
  七: '7',
  柒: '7',
  拐: '7',
  八: '8',
  捌: '8',
  九: '9',
  玖: '9',
  '①': '1',
  '②': '2',
  '③': '3',
  '④': '4',
  '⑤': '5',
  '⑥': '6',
  '⑦': '7',
  '⑧': '8',
  '⑨': '9',
  '⑩': '10',
  '⓪': '0',
  '⑴': '1',
  '⑵': '2',
  '⑶': '3',
  '⑷': '4',
  '⑸': '5',
  '⑹': '6',
  '⑺': '7',
  '⑻': '8',
  '⑼': '9',
  '❶': '1',
  '❷': '2',
  '❸': '3',
  '❹': '4',
  '❺': '5',
  '❻': '6',
  '❼': '7',
  '❽': '8',
  '❾': '9',
};

/** Full-width ASCII (！ to ～, and the ideographic space) to half-width, lower case. */
function halfWidth(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xff01 && c <= 0xff5e) out += String.fromCodePoint(c - 0xfee0);
    else if (c === 0x3000) out += ' ';
    else out += ch;
  }
  return out.toLowerCase();
}

/** Characters that may sit between the digits of a disguised number ("138 1234-5678", "1.3.8", "138—1234"). */
const SEP = /[\s\-—–_.·•,，、。/\\|*~+()（）[\]【】'"“”‘’:：;；]/;

/**
 * Digits in one alphabet, and the separators that stand between two digits removed, so "一三八 1234—５６７８" becomes
 * "13812345678". A Chinese numeral counts as a digit only next to another digit-like character, so 一台 or 三一重工
 * stays as it is unless it is part of a run.
 */
function joinDigits(s: string): string {
  const chars = [...s];
  const isDigitLike = (ch: string | undefined) => ch !== undefined && (/[0-9]/.test(ch) || ch in DIGIT_MAP);
  const mapped = chars.map((ch, i) => {
    if (/[0-9]/.test(ch)) return ch;
    if (!(ch in DIGIT_MAP)) return ch;
    // a lone numeral between words (一台, 三年) is a word; in a run of at least 3 digit-like characters it is a digit
    let run = 1;
    for (let j = i - 1; j >= 0 && (isDigitLike(chars[j]) || SEP.test(chars[j]!)); j--) if (isDigitLike(chars[j])) run++;
    for (let j = i + 1; j < chars.length && (isDigitLike(chars[j]) || SEP.test(chars[j]!)); j++)
      if (isDigitLike(chars[j])) run++;
    return run >= 3 ? DIGIT_MAP[ch]! : ch;
  });
  let out = '';
  for (let i = 0; i < mapped.length; i++) {
    const ch = mapped[i]!;
    if (SEP.test(ch) && /[0-9]$/.test(out)) {
      // drop the separators only when a digit follows them
      let j = i;
      while (j < mapped.length && SEP.test(mapped[j]!)) j++;
      if (j < mapped.length && /^[0-9]/.test(mapped[j]!)) {
        i = j - 1;
        continue;
      }
    }
    out += ch;
  }
  return out;
}

/** Matched on the compact text (no spaces): a bare "v" counts only before a colon or 号 ("V：abc123", "V号"). */
const WECHAT_WORD = '(?:微信|威信|薇信|徽信|维信|微心|微芯|weixin|wechat|vx|v信|wx|加v|\\+v|➕v|v号|v:|v：)';
const QQ_WORD = '(?:qq|扣扣|企鹅|q号|球球|抠抠)';
const ASK_WORD = '(?:联系电话|联系方式|手机号|电话|手机|联系|致电|来电|加我|打|拨|call|tel|phone|热线|座机)';

const PHONE = /(?<![0-9])(?:\+?86)?1[3-9][0-9]{9}(?![0-9])/;
const LANDLINE = /(?<![0-9])0[1-9][0-9]{1,2}[0-9]{7,8}(?![0-9])/;
const ASKED_NUMBER = new RegExp(`${ASK_WORD}[^0-9]{0,4}[0-9]{7,12}(?![0-9])`);
const QQ = new RegExp(`${QQ_WORD}[^0-9a-z]{0,6}[1-9][0-9]{4,11}(?![0-9])`);
const WECHAT = new RegExp(
  `${WECHAT_WORD}[:：号是为同请加我的搜索\\-_]{0,6}([a-z][a-z0-9_-]{5,19}|[0-9]{6,20})(?![a-z0-9_-])`,
);
const AT = /\s*(?:@|＠|\(at\)|\[at\]|（at）|艾特|圈a|\bat\b)\s*/g;
const DOT = /\s*(?:\.|。|点|\(dot\)|\[dot\]|（dot）|\bdot\b)\s*/g;
const EMAIL =
  /[a-z0-9][a-z0-9._%+-]{1,63}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*\.(?:com|cn|net|org|edu|gov|cc|top|vip|io|me|info|biz|co)(?![a-z])/;

/** What kind of contact detail the text holds, or null when it holds none. */
export function findContact(text: string): TContactKind | null {
  const half = halfWidth(text);
  const joined = joinDigits(half);
  if (PHONE.test(joined) || LANDLINE.test(joined) || ASKED_NUMBER.test(joined)) return 'phone';
  const compact = joined.replace(/\s+/g, '');
  if (QQ.test(compact)) return 'qq';
  const email = half.replace(AT, '@').replace(DOT, '.').replace(/\s+/g, '');
  if (EMAIL.test(joinDigits(email))) return 'email';
  // the WeChat word and the id may be split by spaces ("微 信 ： abc_123"): look at the compact form
  if (WECHAT.test(compact)) return 'wechat';
  return null;
}

/** @internal: only tests call it; the server asks findContact which kind. */
export const hasContact = (text: string): boolean => findContact(text) !== null;
