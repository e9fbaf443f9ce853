/** The message catalogue's section M.payment. */
export const payment = {
  // payments, coins and membership: add texts here
  chooseAmount: '请选择购买金额',
  choosePayType: '请选择支付方式',
  packageChanged: '订单异常：窗口信息已变更，请重新发起金币购买',
  orderNotFound: '订单不存在',
  orderClosed: '订单已关闭，请重新下单',
  orderPaid: '订单已支付',
  badSign: '签名错误',
  badAmount: '金额与订单不符',
  badMerchant: '商户号或应用与本平台不符',
  channelUnavailable: '支付渠道暂时无法下单，请稍后再试或选择其他支付方式',
  levelFree: 'A级会员为注册即享的免费等级，无需购买',
  levelBad: '请选择正确的会员等级',
  levelLower: '当前会员等级高于所选等级，无法购买',
  planNotForSale: '该会员等级暂不可购买',
  payTypeBad: '请选择正确的支付方式',
  packageBad: '请填写正确的套餐金额与金币数',
  packageValueMismatch: '金币数须等于金额（元）×兑换比例：{amount}元 × {avg} = {value}金币',
  packageAmountIndivisible: '按当前兑换比例（1元 = {avg}金币），{amount}元不能折算为整数金币，请调整金额',
  goldAvgBad: '1元可兑金币数须为1到10000之间的整数',
  goldPeasBad: '每元赠送积分须为0到10000之间的整数',
  goldAvgPackagesIndivisible:
    '按新的兑换比例（1元 = {avg}金币），{amount}元的套餐不能折算为整数金币，请先调整或删除该套餐',
  paid: '支付成功',
  paidTitle: '支付成功',
  paidBody: '您的订单（{sn}）已支付成功：{subject}，金额 ¥{amount}。',
  memberExpiringTitle: '会员即将到期',
  memberExpiringBody:
    '您的{level}级会员将于{date}到期（剩余{days}天），到期后将恢复为A级会员。如需继续享受会员权益，请及时续费。',
} as const;
