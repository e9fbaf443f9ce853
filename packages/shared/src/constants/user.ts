/** Membership levels and their dashboard buttons (spec/1 §1, §3). */

export const MEMBER_LEVELS = ['A', 'AA', 'AAA'] as const;
export type TMemberLevel = (typeof MEMBER_LEVELS)[number];

/** What the membership card offers per level: `operation` is the level the payment page is opened with. */
export const MEMBER_LEVEL_BUTTONS: Record<TMemberLevel, { text: string; operation: string }[]> = {
  A: [
    { text: '升级AA', operation: 'AA' },
    { text: '升级AAA', operation: 'AAA' },
  ],
  AA: [
    { text: '续费AA', operation: 'AA' },
    { text: '升级AAA', operation: 'AAA' },
  ],
  AAA: [{ text: '续费AAA', operation: 'AAA' }],
};

/**
 * The card's buttons for a level. `onSale` lists the levels that can be bought now; a plan the admin took off sale
 * (for_sale 0) offers no 升级/续费 button, since the payment page would only refuse it.
 */
export function levelButtons(level: string, onSale?: readonly string[]): { text: string; operation: string }[] {
  const all = MEMBER_LEVEL_BUTTONS[level as TMemberLevel] ?? MEMBER_LEVEL_BUTTONS.A;
  return onSale ? all.filter((b) => onSale.includes(b.operation)) : all;
}

/** Password rule (ARCHITECTURE § Auth): 8–20 characters with letters and digits. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;

/** The scenes a visitor may ask a code for at POST /auth/sms. */
export const SMS_SCENES = ['register', 'login', 'reset'] as const;
/**
 * Every scene a code is sent for: the visitor's three, then the logged-in ones (phone change, member add, advanced
 * verification, contract and receipt signing). A real SMS provider needs an approved template for each.
 */
export const SMS_ALL_SCENES = [
  ...SMS_SCENES,
  'old_mobile',
  'new_mobile',
  'member_add',
  'auth',
  'contract_sign',
  'receipt_sign',
] as const;
export type TSmsScene = (typeof SMS_ALL_SCENES)[number];

/**
 * A readable cookie beside the HttpOnly session cookie, with the same lifetime: `1` while the browser holds a session
 * (set at login and registration, cleared at logout and by the 401 of a session that ended). The web asks who is
 * logged in (GET /index/info) only when it is there; the server stays the truth: a stale hint costs the 401 as before.
 */
export const SESSION_HINT_COOKIE = 'jizu_in';
