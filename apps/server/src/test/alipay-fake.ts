import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { rsaKeys } from './wechatpay-fake';

/**
 * A local Alipay open-platform gateway for tests (there is no network). It checks each request as Alipay does: the
 * app id, RSA2 (SHA256withRSA) over every non-empty parameter but `sign`, sorted by name, as `k=v` joined by `&`,
 * verified with the app's public key; keeps its own books of trades; and answers like it:
 * {"<method>_response": {...}, "sign": "..."}, the signature over the exact text of the response object, made with
 * Alipay's private key. notify() builds an asynchronous notify as Alipay posts it (a form, signed over every
 * non-empty field but `sign` and `sign_type`); checkPageForm() checks the page-pay form as the gateway would.
 */

const sign = (message: string, key: KeyObject) => createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
/** Alipay's signing content: non-empty fields, sorted by name, `k=v` joined by `&`. */
export const alipayContent = (f: Record<string, string>, skip: string[]) =>
  Object.keys(f)
    .filter((k) => !skip.includes(k) && f[k] !== '')
    .sort()
    .map((k) => `${k}=${f[k]}`)
    .join('&');

export interface TFakeTrade {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  /** precreated or page form only: Alipay knows no trade until the payer scans or submits */
  state: 'NONE' | 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  trade_no: string;
  paid_at: string;
  notify_url: string;
}

export interface TFakeCall {
  method: string;
  biz: Record<string, unknown>;
  /** whether the request's signature verified */
  signed: boolean;
}

export async function startAlipayFake(opts: { appId: string; sellerId: string; appPublicKey: KeyObject }) {
  const alipay = rsaKeys();
  const trades = new Map<string, TFakeTrade>();
  const calls: TFakeCall[] = [];
  const faults = {
    badAnswerSignature: false,
    refuse: null as null | 'precreate',
    failing: null as null | 'query' | 'close',
  };

  const checkRequest = (f: Record<string, string>) =>
    f.app_id === opts.appId &&
    f.sign_type === 'RSA2' &&
    f.charset === 'utf-8' &&
    !!f.sign &&
    createVerify('RSA-SHA256')
      .update(alipayContent(f, ['sign']), 'utf8')
      .verify(opts.appPublicKey, f.sign, 'base64');

  const answer = (res: http.ServerResponse, method: string, inner: Record<string, unknown>) => {
    const text = JSON.stringify(inner);
    const signature = sign(faults.badAnswerSignature ? `${text} ` : text, alipay.privateKey);
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    res.end(`{"${method.replaceAll('.', '_')}_response":${text},"sign":"${signature}"}`);
  };
  const ok = (extra: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...extra });
  const failed = (subCode: string, subMsg: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: subCode,
    sub_msg: subMsg,
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '', 'http://fake');
      const f = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      const method = f.method ?? '';
      const signed = checkRequest(f);
      let biz: Record<string, unknown> = {};
      try {
        biz = JSON.parse(f.biz_content ?? '{}');
      } catch {
        // refused below as invalid arguments
      }
      calls.push({ method, biz, signed });
      if (!signed) {
        // Alipay's gateway answers an unverifiable request unsigned, under the method's own key
        res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        return res.end(
          `{"${method.replaceAll('.', '_')}_response":{"code":"40002","msg":"Invalid Arguments","sub_code":"isv.invalid-signature","sub_msg":"验签出错"}}`,
        );
      }
      const no = String(biz.out_trade_no ?? '');
      const trade = trades.get(no);
      if (method === 'alipay.trade.precreate') {
        if (faults.refuse === 'precreate')
          return answer(res, method, failed('ACQ.ACCESS_FORBIDDEN', '商家未签约当面付产品'));
        if (biz.seller_id !== undefined && biz.seller_id !== opts.sellerId)
          return answer(res, method, failed('ACQ.SELLER_NOT_MATCH', '卖家不匹配'));
        if (!/^\d+\.\d{2}$/.test(String(biz.total_amount)) || !f.notify_url)
          return answer(res, method, failed('ACQ.INVALID_PARAMETER', '参数无效'));
        trades.set(no, {
          out_trade_no: no,
          total_amount: String(biz.total_amount),
          subject: String(biz.subject),
          state: 'NONE',
          trade_no: '',
          paid_at: '',
          notify_url: f.notify_url,
        });
        return answer(
          res,
          method,
          ok({ out_trade_no: no, qr_code: `https://qr.alipay.com/bax0${randomBytes(8).toString('hex')}` }),
        );
      }
      if (method === 'alipay.trade.query') {
        if (faults.failing === 'query') {
          res.writeHead(502);
          return res.end();
        }
        if (!trade || trade.state === 'NONE') return answer(res, method, failed('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        return answer(
          res,
          method,
          ok({
            trade_no: trade.trade_no,
            out_trade_no: no,
            buyer_logon_id: 'lil***@163.com',
            trade_status: trade.state,
            total_amount: trade.total_amount,
            ...(trade.paid_at ? { send_pay_date: trade.paid_at } : {}),
          }),
        );
      }
      if (method === 'alipay.trade.close') {
        if (faults.failing === 'close')
          return answer(res, method, {
            code: '20000',
            msg: 'Service Currently Unavailable',
            sub_code: 'aop.unknow-error',
            sub_msg: '系统繁忙',
          });
        if (!trade || trade.state === 'NONE') return answer(res, method, failed('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        if (trade.state !== 'WAIT_BUYER_PAY')
          return answer(res, method, failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
        trade.state = 'TRADE_CLOSED';
        return answer(res, method, ok({ trade_no: trade.trade_no, out_trade_no: no }));
      }
      return answer(res, method, {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'isv.invalid-method',
        sub_msg: '不存在的方法名',
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    gateway: `${url}/gateway.do`,
    alipayPublicKey: alipay.publicKey,
    alipayPublicPem: alipay.publicPem,
    trades,
    calls,
    faults,
    /**
     * The page-pay form as the gateway receives it when the browser submits it: its action and hidden fields, and
     * whether Alipay would accept their signature. The trade is then known to Alipay (waiting for the buyer).
     */
    checkPageForm(html: string) {
      const action = /<form action="([^"]+)"/.exec(html)?.[1] ?? '';
      const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
      const fields: Record<string, string> = Object.fromEntries(new URL(unescape(action)).searchParams);
      for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)" \/>/g))
        fields[m[1]] = unescape(m[2]);
      const biz = JSON.parse(fields.biz_content ?? '{}');
      const known = trades.get(biz.out_trade_no);
      if (known && known.state === 'NONE') known.state = 'WAIT_BUYER_PAY';
      if (!known)
        trades.set(biz.out_trade_no, {
          out_trade_no: biz.out_trade_no,
          total_amount: biz.total_amount,
          subject: biz.subject,
          state: 'WAIT_BUYER_PAY',
          trade_no: '',
          paid_at: '',
          notify_url: fields.notify_url,
        });
      return { action: unescape(action), fields, biz, signed: checkRequest(fields) };
    },
    /** The buyer pays: Alipay's books say TRADE_SUCCESS (no notify is sent: see notify()). */
    pay(no: string, at = new Date()) {
      const trade = trades.get(no);
      if (!trade) throw new Error(`fake Alipay has no trade ${no}`);
      trade.state = 'TRADE_SUCCESS';
      trade.trade_no = `2026${randomBytes(12).toString('hex')}`.slice(0, 28);
      trade.paid_at = shanghaiDateTime(at);
      return trade;
    },
    /** The notify Alipay posts for a trade, as a form body; `change` alters fields before signing, `key` signs with another key. */
    notify(
      trade: TFakeTrade,
      change: Record<string, string> = {},
      s: { key?: KeyObject; tamper?: Record<string, string> } = {},
    ) {
      const f: Record<string, string> = {
        gmt_create: trade.paid_at || shanghaiDateTime(new Date()),
        charset: 'utf-8',
        gmt_payment: trade.paid_at || shanghaiDateTime(new Date()),
        notify_time: shanghaiDateTime(new Date()),
        subject: trade.subject,
        buyer_id: '2088102177846880',
        invoice_amount: trade.total_amount,
        version: '1.0',
        notify_id: `2026${randomBytes(14).toString('hex')}`,
        fund_bill_list: JSON.stringify([{ amount: trade.total_amount, fundChannel: 'ALIPAYACCOUNT' }]),
        notify_type: 'trade_status_sync',
        out_trade_no: trade.out_trade_no,
        total_amount: trade.total_amount,
        trade_status: trade.state,
        trade_no: trade.trade_no,
        auth_app_id: opts.appId,
        receipt_amount: trade.total_amount,
        point_amount: '0.00',
        buyer_pay_amount: trade.total_amount,
        app_id: opts.appId,
        sign_type: 'RSA2',
        seller_id: opts.sellerId,
        ...change,
      };
      // Alipay leaves out what has no value (an unpaid trade has no trade_no)
      for (const k of Object.keys(f)) if (f[k] === '') delete f[k];
      f.sign = sign(alipayContent(f, ['sign', 'sign_type']), s.key ?? alipay.privateKey);
      Object.assign(f, s.tamper ?? {});
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(f).toString(),
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
