import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Tx } from '../db/client';
import type { ObjectStore } from '../platform/object-store';
import type { Vault } from '../platform/crypto';
import { createMessage } from '../modules/message/message.service';
import { recordStoredUpload } from '../modules/upload/upload.service';
import { insertPersonAuth } from '../modules/verify/verify.service';

export interface TDemoImage {
  key: string;
  bytes: Buffer;
}

/**
 * Sample ID card images (clearly marked as samples) in the object store, as the upload service would keep them; a
 * `note` of its own makes another person's pair (another file each).
 */
export async function writeDemoIdImages(
  store: ObjectStore,
  note = '演示样例 · 非真实证件',
): Promise<{ face: TDemoImage; back: TDemoImage }> {
  const draw = async (title: string, color: string) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540"><rect width="856" height="540" rx="32" fill="${color}"/><rect x="24" y="24" width="808" height="492" rx="20" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="12 8"/><text x="428" y="250" font-family="Noto Sans CJK SC, sans-serif" font-size="56" fill="#fff" text-anchor="middle">${title}</text><text x="428" y="330" font-family="Noto Sans CJK SC, sans-serif" font-size="36" fill="#fff" text-anchor="middle">${note}</text></svg>`;
    const jpg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    const key = `charter/2026/01/${createHash('md5').update(jpg).digest('hex')}.jpg`;
    await store.put(key, jpg, 'image/jpeg');
    return { key, bytes: jpg };
  };
  return { face: await draw('身份证人像面', '#3b6fb6'), back: await draw('身份证国徽面', '#b6563b') };
}

/**
 * The operator's personal verification waits for review (its ID photos are the operator's private uploads, its
 * number encrypted like a submitted one); the tenant has a couple of system messages.
 */
export async function seedVerifyDemo(
  tx: Tx,
  vault: Vault,
  ids: { operator: number; tenant: number },
  images: { face: TDemoImage; back: TDemoImage },
) {
  for (const img of [images.face, images.back])
    await recordStoredUpload(tx, {
      key: img.key,
      kind: 'charter',
      bytes: img.bytes,
      mime: 'image/jpeg',
      userId: ids.operator,
    });
  const path = (img: TDemoImage) => `/uploads/${img.key}`;
  await insertPersonAuth(tx, vault, {
    userId: ids.operator,
    name: '李建军',
    card: '320505198506123017',
    cardFace: path(images.face),
    cardBack: path(images.back),
    status: 3,
  });
  await createMessage(tx, {
    userId: ids.tenant,
    kind: 'company_auth',
    title: '企业认证已通过',
    content: '您提交的企业认证（中铁建设集团华东工程有限公司）已审核通过。',
  });
  await createMessage(tx, {
    userId: ids.tenant,
    kind: 'advanced_auth',
    title: '高级认证已通过',
    content: '企业（中铁建设集团华东工程有限公司）已通过第三方高级认证，可在线签署合同并使用金融服务。',
  });
}
