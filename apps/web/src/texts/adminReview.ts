import { SEAL_STATUS } from '@jizu/shared/constants/seal';
import { REVIEW_MENU } from './adminMenu';
/** Texts of the console's review queues (seals, verifications, listings, biddings, demands, job cards). */
export const sealReview = {
  title: REVIEW_MENU.seals,
  company: '企业',
  name: '印章名称',
  image: '印章',
  tabs: {
    [SEAL_STATUS.review]: '待审核',
    [SEAL_STATUS.passed]: '已通过',
    [SEAL_STATUS.imageReturned]: '已退回',
  } as Record<number, string>,
  rejectTitle: '退回印章',
  reject: '退回',
  rejected: '已退回',
  returnKind: '退回类型',
  returnKinds: { [SEAL_STATUS.imageReturned]: '图片不合格', [SEAL_STATUS.infoReturned]: '信息不符' } as Record<
    number,
    string
  >,
  returnHints: {
    [SEAL_STATUS.imageReturned]: '图片模糊、不是透明背景或不是印章',
    [SEAL_STATUS.infoReturned]: '印章名称或内容与企业信息不符',
  } as Record<number, string>,
} as const;
export const review = {
  person: '个人认证审核',
  company: '企业认证审核',
  tabs: { 3: '待审核', 1: '已通过', 2: '已驳回' } as Record<number, string>,
  approve: '通过',
  reject: '驳回',
  approveConfirm: '确定审核通过吗？',
  rejectTitle: '驳回认证',
  reasonPlaceholder: '请填写驳回原因（将通知用户）',
  colUser: '用户手机号',
  colName: '姓名',
  colCard: '身份证号码',
  colImages: '证件照片',
  colSubmitted: '提交时间',
  colAudit: '审核时间',
  colReason: '驳回原因',
  colStatus: '状态',
  colAction: '操作',
  colCompany: '企业名称',
  colRegistNo: '信用代码',
  colLegal: '法定代表人',
  colRegistrant: '经办人',
  details: '查看资料',
  ok: '确定',
  cancel: '取消',
} as const;
export const biddingReviewTabs = [
  { key: '5', label: '待审核' },
  { key: '1', label: '已通过' },
  { key: '6', label: '未通过' },
  { key: '-1', label: '全部' },
];
export const demandReviewTabs = [
  { key: '0', label: '待审核' },
  { key: '2', label: '已通过' },
  { key: '1', label: '未通过' },
  { key: '3', label: '已结束' },
  { key: '-1', label: '全部' },
];
export const recruitReviewTabs = [
  { key: '1', label: '待审核' },
  { key: '2', label: '招聘中' },
  { key: '3', label: '招聘成功' },
  { key: '4', label: '已关闭' },
  { key: '5', label: '审核失败' },
  { key: '0', label: '全部' },
];
export const reviewCols = {
  no: '序号',
  eqNum: '台数',
  classify: '方式',
  demandRemark: '需求描述',
  publisher: '发布企业',
  demandDevice: '{label} · {name} × {num}台，{time}天',
  publisherContact: '{company}（{contacts} {tel}）',
  rejectReason: '驳回原因：{reason}',
  issuing: '{name} · {amount} 元',
};
