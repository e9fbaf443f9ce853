/** Texts of the labour area (spec/3 §5 and §8): hiring demands, job cards, comments. The spec's texts verbatim. */
export const recruit = {
  // spec/3 §8 successes
  submitted: '提交成功',
  deleted: '删除成功',
  operated: '操作成功',
  changed: '修改成功',
  added: '添加成功',
  stateChanged: '状态修改成功!',
  liked: '点赞成功',
  commented: '评论成功',
  // spec/3 §8 failures
  requiredAll: '请填写所有必填项！',
  wrongInfo: '信息填写有误',
  loadFailed: '发生错误',
  maxThree: '最多只能选择三项',
  /** spec/3 §5 working days: "the expected period cannot be 0" */
  workingDaysZero: '期望工期不能为0',
  /** spec/3 §5 salary: min not below max → the format is wrong and the defaults are restored */
  salaryFormat: '薪资格式错误，已恢复默认值',
  salaryBad: '薪资须为大于0的整数',
  /** spec/3 §5: "must not contain contact details" */
  contactInContent: '内容不能包含手机号、微信、QQ、邮箱等联系方式',
  contentLength: '内容为10-200个字',
  /** spec/3 §5: publishing needs personal verification; the prompt leads to /dashboard/person */
  needPersonAuth: '发布前请先完成个人认证',
  goPersonAuth: '去认证',
  /** the end dialog (spec/3 §2) */
  endNotice: '结束后机手将无法再联系您，确定结束该招聘吗？',
  endCardNotice: '结束后招聘方将无法再联系您，确定结束该求职卡吗？',
  /** the statusAll notice (spec/3 §2) */
  statusAllNotice: '招聘需求审核通过后将公开展示，招到机手后请及时更新招聘状态。',
  cardStatusAllNotice: '求职卡审核通过后将公开展示，找到工作后请及时更新求职状态。',
  notFound: '信息不存在或已删除',
  state: '当前状态不能进行此操作，请刷新后重试',
  notPublic: '该信息未通过审核或已结束，暂不能查看',
  /** the phone of an operator or hirer on the public pages */
  phoneLogin: '登录后查看联系方式',
  phoneVerify: '完成个人认证后可查看联系方式',
  negotiable: '面议',
} as const;
