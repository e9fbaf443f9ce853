import type { z } from 'zod';
import type { ZHotDevices, ZShopCover, ZShopInfo, ZShopOptions } from '@jizu/shared/schemas/shop';
import { api } from '../../api/client';

export type TOptions = z.infer<typeof ZShopOptions>;
export type TInfo = z.infer<typeof ZShopInfo>;
export type TCover = z.infer<typeof ZShopCover>;
export type THot = z.infer<typeof ZHotDevices>;

export const shopKey = ['shop'] as const;
export const infoQuery = {
  queryKey: [...shopKey, 'info'],
  queryFn: () => api.get<TInfo>('/shop/shop', undefined, { quiet: true }),
};
export const optionsQuery = {
  queryKey: [...shopKey, 'options'],
  queryFn: () => api.get<TOptions>('/shop/shop/create', undefined, { quiet: true }),
};
/** The focus image: also the decoration pages' gate (code 0 with the server's message when the shop is not open). */
export const coverQuery = {
  queryKey: [...shopKey, 'pic'],
  queryFn: () => api.get<TCover>('/shop/pic', undefined, { quiet: true }),
  retry: false,
};
