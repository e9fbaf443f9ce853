import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { shanghaiRfc3339 } from '@jizu/shared/rules/datetime';

/**
 * A local WeChat Pay API v3 for tests (there is no network): it checks each request's WECHATPAY2-SHA256-RSA2048
 * Authorization the way WeChat Pay does (merchant number, certificate serial, a timestamp within 5 minutes, the
 * RSA-SHA256 signature over method, path with query, timestamp, nonce and body), keeps its own books of Native orders,
 * and answers like it, every answer signed with its platform key (Wechatpay-Serial / -Timestamp / -Nonce /
 * -Signature). notify() builds a payment notify exactly as WeChat Pay posts one: the transaction encrypted with
 * AES-256-GCM under the APIv3 key, the body signed with the platform key.
 */

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => String(k.export({ type, format: 'pem' }));
export const rsaKeys = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, publicKey, privatePem: pem(privateKey, 'pkcs8'), publicPem: pem(publicKey, 'spki') };
};
const sign = (message: string, key: KeyObject) => createSign('RSA-SHA256').update(message).sign(key, 'base64');
const nonce = () => randomBytes(16).toString('hex');

export interface TFakeTx {
  appid: string;
  mchid: string;
  out_trade_no: string;
  attach: string;
  description: string;
  notify_url: string;
  time_expire: string;
  amount: number;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transaction_id: string;
  success_time: string;
}

export interface TFakeRequest {
  method: string;
  path: string;
  body: string;
  /** whether the Authorization header verified */
  authorized: boolean;
}

export async function startWechatPayFake(opts: {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  apiV3Key: string;
}) {
  const platform = rsaKeys();
  const platformSerial = 'PUB_KEY_ID_0112345678901234567890123456';
  const orders = new Map<string, TFakeTx>();
  const requests: TFakeRequest[] = [];
  /** test switches: a broken answer signature, or an API that fails */
  const faults = { badAnswerSignature: false, failing: null as null | 'query' | 'close' | 'native' };

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const n = nonce();
    const signature = faults.badAnswerSignature
      ? sign(`${ts}\n${n}\n${text}tampered\n`, platform.privateKey)
      : sign(`${ts}\n${n}\n${text}\n`, platform.privateKey);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'wechatpay-serial': platformSerial,
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': n,
      'wechatpay-signature': signature,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    });
    res.end(text);
  };

  /** WeChat Pay's check of the merchant's Authorization header. */
  const authorized = (method: string, path: string, body: string, header: string | undefined): boolean => {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
    if (!m) return false;
    const f = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (f.mchid !== opts.mchid || f.serial_no !== opts.merchantSerial || !f.nonce_str || !f.signature) return false;
    if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
    return createVerify('RSA-SHA256')
      .update(`${method}\n${path}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`)
      .verify(opts.merchantPublicKey, f.signature, 'base64');
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '';
      const method = req.method ?? '';
      const ok = authorized(method, path, body, req.headers.authorization);
      requests.push({ method, path, body, authorized: ok });
      if (!ok) return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      const url = new URL(path, 'http://fake');
      if (method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
        if (faults.failing === 'native') return answer(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
        const b = JSON.parse(body);
        if (b.mchid !== opts.mchid || b.appid !== opts.appid)
          return answer(res, 400, { code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' });
        if (!Number.isInteger(b.amount?.total) || b.amount.currency !== 'CNY' || !b.notify_url?.startsWith('http'))
          return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
        if (orders.has(b.out_trade_no))
          return answer(res, 400, { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' });
        orders.set(b.out_trade_no, {
          appid: b.appid,
          mchid: b.mchid,
          out_trade_no: b.out_trade_no,
          attach: b.attach ?? '',
          description: b.description,
          notify_url: b.notify_url,
          time_expire: b.time_expire,
          amount: b.amount.total,
          trade_state: 'NOTPAY',
          transaction_id: '',
          success_time: '',
        });
        return answer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` });
      }
      const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
      if (q && method === 'GET' && !q[2]) {
        if (faults.failing === 'query') return answer(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
        if (url.searchParams.get('mchid') !== opts.mchid)
          return answer(res, 400, { code: 'PARAM_ERROR', message: 'mchid' });
        const tx = orders.get(decodeURIComponent(q[1]));
        if (!tx) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return answer(res, 200, transaction(tx));
      }
      if (q && method === 'POST' && q[2]) {
        if (faults.failing === 'close') return answer(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
        const tx = orders.get(decodeURIComponent(q[1]));
        if (tx && tx.trade_state === 'NOTPAY') tx.trade_state = 'CLOSED';
        return answer(res, 204, undefined);
      }
      return answer(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));

  const transaction = (tx: TFakeTx) => ({
    appid: tx.appid,
    mchid: tx.mchid,
    out_trade_no: tx.out_trade_no,
    transaction_id: tx.transaction_id,
    trade_type: 'NATIVE',
    trade_state: tx.trade_state,
    trade_state_desc: tx.trade_state === 'SUCCESS' ? '支付成功' : '未支付',
    bank_type: 'OTHERS',
    attach: tx.attach,
    ...(tx.success_time ? { success_time: tx.success_time } : {}),
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: tx.amount, payer_total: tx.amount, currency: 'CNY', payer_currency: 'CNY' },
  });

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    platformPublicPem: platform.publicPem,
    platformSerial,
    orders,
    requests,
    faults,
    /** The payer scans and pays: WeChat Pay's books say SUCCESS (no notify is sent: see notify()). */
    pay(no: string, at = new Date()) {
      const tx = orders.get(no);
      if (!tx) throw new Error(`fake WeChat Pay has no order ${no}`);
      tx.trade_state = 'SUCCESS';
      tx.transaction_id = `42000${randomBytes(10).toString('hex')}`;
      tx.success_time = shanghaiRfc3339(at);
      return tx;
    },
    /**
     * The notify WeChat Pay posts for an order: its headers and exact body. `change` alters the transaction before
     * it is encrypted (another amount, another merchant); `sign` the signing (another key, an old timestamp, bytes
     * other than those sent).
     */
    notify(
      tx: TFakeTx,
      change: Partial<Record<string, unknown>> = {},
      s: {
        key?: KeyObject;
        timestamp?: number;
        serial?: string;
        apiV3Key?: string;
        eventType?: string;
        tamper?: (body: string) => string;
      } = {},
    ) {
      const plain = JSON.stringify({ ...transaction(tx), ...change });
      const iv = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(s.apiV3Key ?? opts.apiV3Key), iv).setAAD(
        Buffer.from('transaction'),
      );
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString(
        'base64',
      );
      const eventType = s.eventType ?? 'TRANSACTION.SUCCESS';
      const body = JSON.stringify({
        id: `EV-${randomBytes(8).toString('hex')}`,
        create_time: shanghaiRfc3339(new Date()),
        resource_type: 'encrypt-resource',
        event_type: eventType,
        summary: eventType === 'TRANSACTION.SUCCESS' ? '支付成功' : '通知',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext,
          associated_data: 'transaction',
          nonce: iv,
        },
      });
      const ts = String(s.timestamp ?? Math.floor(Date.now() / 1000));
      const n = nonce();
      const signature = sign(`${ts}\n${n}\n${body}\n`, s.key ?? platform.privateKey);
      return {
        headers: {
          'content-type': 'application/json',
          'wechatpay-serial': s.serial ?? platformSerial,
          'wechatpay-timestamp': ts,
          'wechatpay-nonce': n,
          'wechatpay-signature': signature,
          'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
        },
        body: s.tamper ? s.tamper(body) : body,
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
