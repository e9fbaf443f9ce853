import { TRAINING_ROUTES } from '@jizu/shared/constants/training';

/** Routes of the labour area (spec/3 §2), one place for the links between its pages; training's are its module's. */
export const OPERATOR_ROUTES = {
  index: TRAINING_ROUTES.home,
  jobCard: '/operator/jobCard',
  releaseJob: '/operator/release-job',
  recruitment: '/operator/recruitment',
  mentAdd: '/operator/mentAdd',
  comments: '/operator/comments',
  registration: TRAINING_ROUTES.registration,
  training: TRAINING_ROUTES.enrol,
  help: '/operator/gethelp',
} as const;

/** Texts of the labour centre (/operator/index). */
export const CENTER = {
  title: '劳务中心',
  sub: '发布求职卡、招聘机手、报名培训，一站完成',
  verified: '已实名认证',
  unverified: '未实名认证',
  goVerify: '去认证',
  verifyHint: '发布求职卡、招聘需求和报名培训前，需先完成个人认证。',
  hiringAs: '招聘企业：',
  cardTitle: '我的求职卡',
  recruitTitle: '我的招聘',
  trainingTitle: '培训报名',
  manage: '管理',
  records: '报名记录',
  browse: '浏览',
  comment: '评论',
  like: '点赞',
  publishCard: '发布求职卡',
  /** one live card per user: the centre leads to it instead of a form that would only say so */
  viewCard: '查看我的求职卡',
  publishRecruit: '发布招聘',
  enrol: '报名培训',
  enrolled: '已报名',
  paid: '已缴费',
  received: '收到评论',
  linksTitle: '常用入口',
  jobHall: '机手大厅',
  hireHall: '招聘大厅',
  myComments: '我的评论',
  help: '帮助中心',
} as const;
