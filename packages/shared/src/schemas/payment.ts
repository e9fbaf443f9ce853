import { z } from '../zod';
import { common as msg_common } from '../messages/common';
import { payment as msg_payment } from '../messages/payment';
import { PAY_KINDS, PAY_STATES, PAY_TYPES } from '../constants/payment';
import { MEMBER_LEVELS } from '../constants/user';
import { INT4_MAX, INT8_SAFE_MAX, zId, zIntIn, zPageQuery } from './common';

const M = { common: msg_common, payment: msg_payment } as const;

/** Payments, coin packages and membership (spec/1 §3 coin package, pay info, member payment info; §7). */

/** a count or an amount of an `integer` column (a bigint column passes INT8_SAFE_MAX) */
const int = (msg: string = M.common.validation, max = INT4_MAX) => zIntIn(0, max, msg);

export const ZPayType = z.enum(PAY_TYPES, { error: M.payment.choosePayType });
/** A payment method as the pay info shows it: its name and logo url. */
export const ZPayTypeOption = z.object({ name: z.string(), logo: z.string() });
/** pay_type of the coin pay info (spec/1 §3): keyed by wx, chinaums and alipay (the "default" branch), each with its logo url. */
export const ZPayTypeSet = z.record(z.enum(PAY_TYPES), ZPayTypeOption);
export type TPayTypeSet = z.infer<typeof ZPayTypeSet>;
/** pay_type of the member payment info (spec/1 §3): pay type → logo url. */
export const ZPayTypeLogos = z.record(z.enum(PAY_TYPES), z.string());
export type TPayTypeLogos = z.infer<typeof ZPayTypeLogos>;

/** A coin package as the user sees it: amount in fen, value and give in coins. */
export const ZGoldPackage = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  amount_v: z.string(),
  value: z.number().int(),
  give: z.number().int(),
});
export type TGoldPackage = z.infer<typeof ZGoldPackage>;
/**
 * Pay info of GET /payment/gold/lst (spec/1 §3): `available` is the user's coin balance, `pay_list` the packages on
 * sale, `gold_avg` coins per yuan, `gold_peas` bonus beans per yuan, `pay_type` the payment methods with their logos.
 */
export const ZGoldList = z.object({
  available: z.number().int(),
  gold_avg: z.number().int(),
  gold_peas: z.number().int(),
  pay_list: z.array(ZGoldPackage),
  pay_type: ZPayTypeSet,
});
export type TGoldList = z.infer<typeof ZGoldList>;

/** The package the user saw, sent back as seen: any difference from the current one answers status 201. */
export const ZGoldPurchase = z.object({
  company_id: zId.optional(),
  id: zId.optional(),
  /** fen (a bigint column) */
  amount: zIntIn(1, INT8_SAFE_MAX, M.payment.chooseAmount),
  value: int(M.payment.chooseAmount),
  give: int(M.payment.chooseAmount),
  pay_type: ZPayType,
  gold_peas: int(M.payment.chooseAmount),
});
export type TGoldPurchase = z.infer<typeof ZGoldPurchase>;

/**
 * A payment order with what the QR page shows (spec/1 §3 scan payment info: order_sn, label_text — the product
 * name —, amount, qrcode). `form` is the alipay redirect form (empty for QR channels).
 */
export const ZPayOrder = z.object({
  order_sn: z.string(),
  kind: z.enum(PAY_KINDS),
  label_text: z.string(),
  amount: z.number().int(),
  amount_v: z.string(),
  pay_type: z.enum(PAY_TYPES),
  state: z.enum(PAY_STATES),
  code_url: z.string(),
  qrcode: z.string(),
  form: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
});
export type TPayOrder = z.infer<typeof ZPayOrder>;
export const ZOrderQuery = z.object({
  company_id: zId.optional(),
  order_sn: z
    .string({ error: M.payment.orderNotFound })
    .trim()
    .min(1, { error: M.payment.orderNotFound })
    .max(40, { error: M.payment.orderNotFound }),
});

/** The sandbox payer page (public: whoever holds the QR may pay, as with a real wallet). */
export const ZSandboxInfo = z.object({
  no: z.string(),
  kind: z.enum(PAY_KINDS),
  order_sn: z.string(),
  subject: z.string(),
  amount: z.number().int(),
  amount_v: z.string(),
  pay_type: z.enum(PAY_TYPES),
  state: z.enum(PAY_STATES),
  expires_at: z.string(),
});
export type TSandboxInfo = z.infer<typeof ZSandboxInfo>;
export const ZSandboxParams = z.object({
  no: z.string().regex(/^[A-Za-z0-9]{8,40}$/, { error: M.payment.orderNotFound }),
});

// membership
export const ZLevel = z.enum(MEMBER_LEVELS, { error: M.payment.levelBad });
export const ZMemberPlan = z.object({
  level: ZLevel,
  name: z.string(),
  price: z.number().int(),
  price_v: z.string(),
  days: z.number().int(),
  benefits: z.array(z.string()),
  for_sale: z.number().int(),
});
export type TMemberPlan = z.infer<typeof ZMemberPlan>;
export const ZMemberDetailQuery = z.object({ company_id: zId.optional(), level: ZLevel });
/** Member payment info (spec/1 §3) plus what the purchase will do to the current membership. */
export const ZMemberPayInfo = z.object({
  mobile: z.string(),
  name: z.string(),
  level: ZLevel,
  label_text: z.string(),
  level_count_text: z.string(),
  amount: z.number().int(),
  amount_text: z.string(),
  pay_type: ZPayTypeLogos,
  benefits: z.array(z.string()),
  current_level: ZLevel,
  current_expiration: z.string(),
  new_expiration: z.string(),
  credit_days: z.number().int(),
  mode: z.enum(['new', 'renew', 'upgrade']),
});
export type TMemberPayInfo = z.infer<typeof ZMemberPayInfo>;
export const ZMemberPurchase = z.object({ company_id: zId.optional(), pay_type: ZPayType, recharge_type: ZLevel });
export const ZRight = z.object({
  id: z.number().int(),
  sn: z.string(),
  rights_type: z.string(),
  success_time: z.string(),
  amount: z.string(),
  begin_time_v: z.string(),
  expiration_time_v: z.string(),
  equipment_id: z.number().int(),
  equip_name: z.string(),
  project_name: z.string(),
  project_short_name: z.string(),
  status: z.string(),
  card_img: z.string(),
});
export type TRight = z.infer<typeof ZRight>;
export const ZRightsQuery = zPageQuery(5).extend({ company_id: zId.optional() });

// admin
export const ZAdminPackage = ZGoldPackage.extend({ sort: z.number().int(), status: z.number().int() });
export type TAdminPackage = z.infer<typeof ZAdminPackage>;
export const ZAdminPackageSave = z.object({
  id: zId.optional(),
  amount: z.coerce
    .number({ error: M.payment.packageBad })
    .int({ error: M.payment.packageBad })
    .positive({ error: M.payment.packageBad })
    .max(100_000_000, { error: M.payment.packageBad }),
  value: z.coerce
    .number({ error: M.payment.packageBad })
    .int({ error: M.payment.packageBad })
    .positive({ error: M.payment.packageBad })
    .max(100_000_000, { error: M.payment.packageBad }),
  give: int(M.payment.packageBad, 100_000_000).default(0),
  sort: int(M.common.validation, 9999).default(0),
  status: zIntIn(0, 1).default(1),
});
export const ZAdminIdBody = z.object({ id: zId });
export const ZCoinSetting = z.object({
  gold_avg: z.coerce
    .number({ error: M.payment.goldAvgBad })
    .int({ error: M.payment.goldAvgBad })
    .min(1, { error: M.payment.goldAvgBad })
    .max(10000, { error: M.payment.goldAvgBad }),
  gold_peas: int(M.payment.goldPeasBad, 10000),
});
export type TCoinSetting = z.infer<typeof ZCoinSetting>;
export const ZAdminPlanSave = z.object({
  level: ZLevel,
  name: z.string().trim().min(1, { error: M.common.required }).max(20, { error: M.common.validation }),
  price: int(M.common.validation, 100_000_000),
  benefits: z
    .array(z.string().trim().min(1, { error: M.common.required }).max(60, { error: M.common.validation }))
    .max(20, { error: M.common.validation }),
  for_sale: zIntIn(0, 1),
});
export const ZAdminPaymentQuery = zPageQuery(20).extend({
  state: z
    .enum(PAY_STATES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  kind: z
    .enum(PAY_KINDS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  order_sn: z.string().trim().max(40).optional(),
  phone: z.string().trim().max(11).optional(),
});
export const ZAdminPaymentRow = z.object({
  id: z.number().int(),
  order_sn: z.string(),
  kind: z.enum(PAY_KINDS),
  subject: z.string(),
  user_id: z.number().int(),
  phone: z.string(),
  amount: z.number().int(),
  amount_v: z.string(),
  pay_type: z.enum(PAY_TYPES),
  state: z.enum(PAY_STATES),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
});
export type TAdminPaymentRow = z.infer<typeof ZAdminPaymentRow>;
export const ZAdminPaymentDetail = z.object({
  order: ZAdminPaymentRow,
  attempts: z.array(
    z.object({
      id: z.number().int(),
      no: z.string(),
      channel: z.string(),
      pay_type: z.string(),
      code_url: z.string(),
      created_at: z.string(),
    }),
  ),
  notifies: z.array(
    z.object({
      id: z.number().int(),
      channel: z.string(),
      result: z.string(),
      sign_ok: z.boolean(),
      body: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type TAdminPaymentDetail = z.infer<typeof ZAdminPaymentDetail>;
