import type { TContactKind } from './contact';

/*
 * The contact-detail cases of spec/3 §5 (issue 12: at least 20 disguised forms caught, 10 ordinary sentences with
 * numbers let through), shared by the rule's unit test and the API tests of the labour endpoints. Each is 10–200
 * characters, so an endpoint refuses a disguised one for its contact details alone.
 */

/** Contact details as operators and hirers disguise them: each must be caught, as the kind given. @internal (tests) */
export const DISGUISED: [string, TContactKind][] = [
  ['有意者请联系13812345678', 'phone'],
  ['电话 138 1234 5678 张工', 'phone'],
  ['手机138-1234-5678，随时来电', 'phone'],
  ['请拨 １３８１２３４５６７８ 咨询', 'phone'],
  ['联系我：一三八一二三四五六七八', 'phone'],
  ['幺三八 幺二三四 五六七八，非诚勿扰', 'phone'],
  ['壹叁捌壹贰叁肆伍陆柒捌 王经理', 'phone'],
  ['1 3 8 1 2 3 4 5 6 7 8 有活就打', 'phone'],
  ['138.1234.5678 老李', 'phone'],
  ['+86 139-0000-1111 微信同号', 'phone'],
  ['①③⑧①②③④⑤⑥⑦⑧ 急招挖机师傅', 'phone'],
  ['13８一二３4五６7８ 混着写的号码', 'phone'],
  ['座机 010-6234 5678 工作日找刘工', 'phone'],
  ['招聘司机，联系0755—8888 6666', 'phone'],
  ['我的微信是 zhang_san88 欢迎咨询', 'wechat'],
  ['微 信 ： wxid_abc123 招挖机手', 'wechat'],
  ['加V：jizu2026，详谈待遇', 'wechat'],
  ['ＶＸ号ｄｒｉｖｅｒ＿ｗａｎｇ 长期招人', 'wechat'],
  ['威信 liu-gong-99 有意加', 'wechat'],
  ['QQ 1234 5678 9 来聊', 'qq'],
  ['扣扣：二三四五六七八九零 老师傅带徒', 'qq'],
  ['企鹅号 987654321', 'qq'],
  ['简历发邮箱 driver.li@163.com 谢谢', 'email'],
  ['邮箱 zhangsan at qq dot com 收简历', 'email'],
  ['发到 wang_gong＠１２６。ｃｏｍ', 'email'],
  ['简历请发 lihua艾特sina点cn', 'email'],
];

/** Ordinary sentences with numbers that must pass. @internal (tests) */
export const ORDINARY = [
  '本人有10年挖掘机操作经验，熟悉卡特320、小松200等机型，能吃苦耐劳。',
  '招聘装载机司机2名，月薪8000-10000元，包吃住，每天工作8小时。',
  '工地位于郑州市高新区，预计工期30天，2026年12月1日进场。',
  '需要有特种作业操作证，年龄25至50周岁，持证上岗三年以上优先。',
  '本人驾驶过三一重工SY215C、徐工XE60DA，会简单保养和维修。',
  '工作时间8:00-18:00，中午休息两小时，月休4天，工资按月结算。',
  '熟练操作50吨汽车吊，参与过1200米跨江大桥和2号线地铁站的施工。',
  '薪资13000至15000元每月，另有餐补和300元全勤奖，年底有奖金。',
  '一台20吨挖机长期在工地干活，找一个五年以上经验的师傅，人品好。',
  '曾在2015-2023年间于中建三局承接的项目中担任机手，无安全事故。',
  '有VIP会员资格，驾驶沃尔沃volvo EC210和卡特CAT 336各三年。',
  '加班费按小时计算，每小时35元；节假日三倍工资，每月10号发薪。',
];
