import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, seedUser, tableText } from '../test/harness';
import { DataKeyError, Vault, vaultOf } from '../platform/crypto';
import { addBankCard, listBankCards } from '../modules/bank/bank.service';
import { bankCards, companyAuths, invoiceProfiles, personAuths } from './schema';
import { PROTECTED_COLUMNS, countStaleNumbers, protectStoredNumbers } from './protected';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const BANK = '6222021001127788';
const ID = '320505198506123017';
const ID2 = '11010119900307663X';
const TABLES = ['bank_cards', 'invoice_profiles', 'person_auths', 'company_auths'];

/** Rows as they were before encryption: plain numbers, no blind index, no mask (written with raw SQL). */
async function seedPlainRows() {
  const a = await seedUser(t.db, { companyName: '旧数据甲有限公司' });
  const b = await seedUser(t.db);
  await t.db.execute(
    sql`insert into bank_cards (company_id, name, no, is_default, created_by) values (${a.company.id}, '中国银行', ${BANK}, 1, ${a.user.id})`,
  );
  await t.db.execute(
    sql`insert into invoice_profiles (company_id, type, bank, bank_no, updated_by) values (${a.company.id}, 0, '中国银行', ${BANK}, ${a.user.id})`,
  );
  await t.db.execute(
    sql`insert into person_auths (user_id, name, card, card_face, card_back, status) values (${b.user.id}, '李建军', ${ID}, '/uploads/x', '/uploads/y', 1)`,
  );
  await t.db
    .execute(sql`insert into company_auths (company_id, user_id, name, regist_no, legal, province, city, area, address, registered_assets, found_date, charter, registrant, card, card_face, card_back, certificate, tel)
    values (${a.company.id}, ${a.user.id}, '旧数据甲有限公司', '91310115MA1K3G7X2D', '周振华', 31, 3101, 310115, '张江路', 100, '2012-04-16', '/uploads/c', '赵六', ${ID2}, '/uploads/f', '/uploads/b', '/uploads/l', '13800000001')`);
  return { a, b };
}

describe('protected columns: ID-card and bank numbers at rest', () => {
  it('the list names every column that holds such a number', () => {
    expect(PROTECTED_COLUMNS.map((c) => c.name).sort()).toEqual([
      'bank_cards.no',
      'company_auths.card',
      'invoice_profiles.bank_no',
      'person_auths.card',
    ]);
  });

  it('the start encrypts rows written before encryption, once; they read masked and are still found as duplicates', async () => {
    const vault = vaultOf(t.config);
    const { a, b } = await seedPlainRows();
    expect(await tableText(t.db, 'bank_cards')).toContain(BANK);
    expect((await countStaleNumbers(t.db, vault))['bank_cards.no']).toBe(1);

    expect(await protectStoredNumbers(t.db, vault)).toEqual({
      'bank_cards.no': 1,
      'invoice_profiles.bank_no': 1,
      'person_auths.card': 1,
      'company_auths.card': 1,
    });
    for (const table of TABLES) {
      const text = await tableText(t.db, table);
      for (const n of [BANK, ID, ID2]) expect(text).not.toContain(n);
    }
    const [card] = await t.db.select().from(bankCards).where(eq(bankCards.companyId, a.company.id));
    expect(card.no).toMatch(new RegExp(`^ev1:${vault.primaryId}:`));
    expect(card.noIndex).toBe(vault.blindIndex('bank_no', BANK));
    const [person] = await t.db.select().from(personAuths).where(eq(personAuths.userId, b.user.id));
    expect(person).toMatchObject({ cardIndex: vault.blindIndex('id_card', ID), cardMask: '320505********3017' });
    expect((await t.db.select().from(companyAuths).where(eq(companyAuths.companyId, a.company.id)))[0].cardMask).toBe(
      '110101********663X',
    );
    // idempotent: a second start changes nothing
    expect(Object.values(await protectStoredNumbers(t.db, vault)).every((n) => n === 0)).toBe(true);
    expect(Object.values(await countStaleNumbers(t.db, vault)).every((n) => n === 0)).toBe(true);

    // the pages: masked; the invoice page whole (spec/1 §3); the duplicate checks find the old rows
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/company/bank/lst', headers: a.auth })).json().data[0].no,
    ).toBe('**** **** **** 7788');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/company/invoice/index', headers: a.auth })).json().data.bank_no,
    ).toBe(BANK);
    expect((await t.app.inject({ method: 'GET', url: '/api/index/auth', headers: b.auth })).json().data.card).toBe(
      '320505********3017',
    );
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/company/bank/save',
      headers: a.auth,
      payload: { name: '中国银行', no: BANK },
    });
    expect(dup.json()).toMatchObject({ status: 0, msg: '该银行账号已添加' });
  });

  it('rotation: with a new key first, old rows still read and are found; the pass moves every row to the new key; the old key can then go', async () => {
    const oldVault = vaultOf(t.config);
    const oldKey = t.config.dataKeys![0];
    const newKey = randomBytes(32);
    const rotating = new Vault([newKey, oldKey]);
    const u = await seedUser(t.db);
    await addBankCard(t.db, oldVault, u.company.id, u.user.id, {
      name: '建设银行',
      no: '6217000010001234',
      remark: '',
    });

    // before the pass: rows under the old key read, and a duplicate is found through the old key's blind index
    expect((await listBankCards(t.db, rotating, u.company.id)).map((c) => c.no)).toEqual(['**** **** **** 1234']);
    await expect(
      addBankCard(t.db, rotating, u.company.id, u.user.id, { name: '建设银行', no: '6217000010001234', remark: '' }),
    ).rejects.toMatchObject({
      code: 'BANK_DUPLICATE',
    });
    const fresh = await addBankCard(t.db, rotating, u.company.id, u.user.id, {
      name: '农业银行',
      no: '6228480010005678',
      remark: '',
    });
    expect(fresh.no).toBe('**** **** **** 5678');

    const stale = await countStaleNumbers(t.db, rotating);
    expect(stale['bank_cards.no']).toBeGreaterThan(0);
    const changed = await protectStoredNumbers(t.db, rotating, 2);
    expect(changed).toEqual(stale);
    expect(Object.values(await countStaleNumbers(t.db, rotating)).every((n) => n === 0)).toBe(true);
    for (const table of TABLES) {
      const text = await tableText(t.db, table);
      expect(text).not.toContain(`ev1:${oldVault.primaryId}:`);
      for (const n of [BANK, ID, ID2, '6217000010001234', '6228480010005678']) expect(text).not.toContain(n);
    }

    // the new key alone reads every row and still finds duplicates: the old key may be dropped
    const only = new Vault([newKey]);
    expect((await listBankCards(t.db, only, u.company.id)).map((c) => c.no)).toEqual([
      '**** **** **** 1234',
      '**** **** **** 5678',
    ]);
    await expect(
      addBankCard(t.db, only, u.company.id, u.user.id, { name: '建设银行', no: '6217000010001234', remark: '' }),
    ).rejects.toMatchObject({
      code: 'BANK_DUPLICATE',
    });
    const [p] = await t.db.select().from(personAuths).limit(1);
    expect(only.decrypt('id_card', p.card)).toMatch(/^\d{17}[\dX]$/);
    const [inv] = await t.db.select().from(invoiceProfiles);
    expect(only.decrypt('bank_no', inv.bankNo)).toBe(BANK);

    // a wrong or missing key fails clearly, naming the key the rows need; nothing is changed
    const before = await tableText(t.db, 'bank_cards');
    await expect(protectStoredNumbers(t.db, oldVault)).rejects.toThrow(
      new RegExp(`data key ${only.primaryId}, which is not loaded`),
    );
    await expect(protectStoredNumbers(t.db, new Vault([randomBytes(32)]))).rejects.toThrow(DataKeyError);
    await expect(listBankCards(t.db, oldVault, u.company.id)).rejects.toThrow(/not loaded/);
    expect(await tableText(t.db, 'bank_cards')).toBe(before);
  });
});
