/** Seal statuses (spec/1 §4) and limits (§5, §9). */
export const SEAL_STATUS = { review: 1000, passed: 1001, imageReturned: 1002, infoReturned: 1003 } as const;
export const SEAL_STATUS_TEXT: Record<number, string> = {
  1000: '审核中',
  1001: '已通过',
  1002: '已退回（图片不合格）',
  1003: '已退回（信息不符）',
};
export const SEAL_LIMIT = 4;
export const SEAL_SIZE_PX = 300;
