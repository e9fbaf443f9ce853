/** The message catalogue's section M.upload. */
export const upload = {
  // uploads: add texts here
  ok: '上传成功',
  noFile: '请选择要上传的文件',
  tooManyFiles: '每次只能上传一个文件',
  tooLarge: '文件大小应不超过{n}',
  badImageType: '请上传{types}格式图片',
  badFileType: '请上传{types}格式文件',
  tooManyPixels: '图片尺寸过大',
  broken: '图片已损坏或无法识别，请重新选择',
  duplicate: '该图片已被其他用户使用，请更换图片',
  badPath: '图片地址无效',
  checkNeedsOne: '请提供图片的MD5或地址',
  badMd5: '图片MD5格式不正确',
  notFound: '文件不存在',
} as const;
