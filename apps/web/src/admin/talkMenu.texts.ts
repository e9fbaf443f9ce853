/** The console's menu labels of the talk area (the pages' own texts load with the pages). */
export const TALK_MENU = { reports: '举报处理', suits: '路桥套餐需求' } as const;
