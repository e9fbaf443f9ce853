import { equipment } from './equipment';

/** Texts of the market area (the message catalogue's section M.market; spec texts verbatim). */
export const market = {
  /** an unapproved, delisted or deleted listing's public page (spec/1 §3) */
  // one text for the one rule (equipment.service publicListingOrReason decides it for the user centre)
  offShelf: equipment.offShelf,
  badRent: '租金范围不正确',
  badKeyword: '搜索关键词不能超过30个字',
  /** <title> and description of the public pages (server-rendered for search engines) */
  siteName: '机租通',
  marketTitle: '工程机械租赁市场',
  marketDescription:
    '机租通工程机械租赁市场：挖掘机、起重机、压路机、装载机等设备出租信息，按地区、品类和租金筛选，在线询价。',
  deviceTitle: '{name} {model} 出租',
  deviceDescription: '{name}（{brand} {model}）出租，月租 {monthly} 元，所在地 {region}。{explain}',
  offShelfTitle: '设备已下架',
  shopTitle: '{name} - 店铺',
} as const;
