import { brand } from './common';
/** Texts of the public site: a module of their own, so that only the chunks that read them carry them (app/texts.ts). */
export const site = {
  nav: {
    home: '首页',
    market: '设备市场',
    bidding: '竞价大厅',
    demand: '需求大厅',
    jobs: '机手大厅',
    hires: '招聘大厅',
  },
  login: '登录',
  userCentre: '用户中心',
  verify: '合同验真',
  heroTitle: '找设备、租设备，就上机租通',
  heroSub: '挖掘机、起重机、压路机、高空作业平台…… 全国工程机械租赁一站式撮合',
  searchPlaceholder: '搜索设备名称、型号或品牌（即将开放）',
  search: '搜索',
  categories: '热门设备分类',
  categoriesEmpty: '设备分类正在整理中',
  why: '为什么选择机租通',
  soon: '即将开放',
  values: [
    { title: '平台担保交易', text: '平台作为出租方签约，资金与合同全程可追溯。' },
    { title: '企业实名认证', text: '企业与个人双重认证，交易对象真实可信。' },
    { title: '电子合同签署', text: '在线签约、盖章，随时下载存档。' },
    { title: '专属客服服务', text: '一对一专属客服，响应及时、问题不过夜。' },
  ],
  hotlineLabel: '客服热线',
} as const;

/** A public page's <title>: its own words, then the brand (the market, a listing, the halls). */
export const pageTitle = (...parts: string[]) => [...parts, brand].join(' - ');
export const titles = {
  listing: '{name} {model} 出租',
  demand: '求租{name} {num}台',
  hireCategory: '{category}机手招聘',
  jobCategory: '{category}机手求职',
  job: '{category}机手求职 · 驾龄{age} · {region}',
};
/** the city level of a municipality, left out of an address */
export const municipalDistrict = '市辖区';
