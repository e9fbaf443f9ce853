/** Texts of the rights area (the message catalogue's section M.rights; spec texts verbatim). */
export const rights = {
  aaaOnly: '仅AAA级会员可绑定设备和下载铭牌',
  rightInvalid: '该权益已失效，不能绑定设备',
  alreadyBound: '该权益已绑定设备，绑定后不可更改',
  notBound: '该权益尚未绑定设备',
  chooseDevice: '请选择设备',
  bound: '绑定成功',
  projectNotFound: '项目不存在',
} as const;
