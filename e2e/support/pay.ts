import type { Browser } from 'playwright-core';
import { newPage } from './browser';

/** The sandbox payer: a phone (no login) opens the QR's URL, sees the amount and pays. */
export async function payOnPhone(browser: Browser, serverUrl: string, codeUrl: string, amount: string) {
  const { context, page: payer } = await newPage(browser, serverUrl, { width: 390, height: 844 });
  await payer.goto(codeUrl.replace(/^https?:\/\/[^/]+/, serverUrl));
  await payer.getByText(amount).first().waitFor();
  await payer.getByRole('button', { name: '确认支付' }).click();
  await payer.getByText('已支付成功').waitFor();
  await context.close();
}
