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

/** Job cards, comments and likes (modules/jobcard): texts beyond the spec's own. */
export const jobcardTexts = {
  liveExists: '您已有一张审核中或求职中的求职卡，请修改或结束后再发布',
  republished: '已重新发布，请等待审核',
  ended: '求职卡已结束',
  maxCerts: '最多添加3个证书',
  maxExperiences: '最多添加3段工作经历',
  certName: '证书名称不超过15个字',
  experienceName: '项目名称不超过20个字',
  experienceAddress: '项目地址不超过20个字',
  addressLong: '详细地址不超过100个字',
  regionBad: '请选择正确的所在地区',
  categoryBad: '请选择正确的机械类别',
  imageBad: '图片无效，请重新上传',
  commentNotFound: '评论不存在或已删除',
  unliked: '已取消点赞',
  phoneTooMany: '查看联系方式过于频繁，请稍后再试',
  reasonRequired: '请填写驳回原因',
  reasonLong: '驳回原因不超过200个字',
  approvedTitle: '求职卡审核通过',
  approvedBody: '您发布的求职卡（{category}）已通过审核，已在机手大厅展示。',
  rejectedTitle: '求职卡审核未通过',
  rejectedBody: '您发布的求职卡（{category}）未通过审核，原因：{reason}。请修改后重新提交。',
  commentRemovedTitle: '评论已被移除',
  commentRemovedBody: '您在{what}下的评论「{content}」已被平台移除。{reason}',
  editReview: '修改后求职卡将重新进入审核，审核通过前不在机手大厅展示。',
} as const;
