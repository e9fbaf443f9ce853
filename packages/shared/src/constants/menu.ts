/**
 * The user-centre menu: sections (kid 1, 2, 3, 5, 42 — spec/1 §6) with their pages, up to 3 levels.
 * Ids are stable: grants of sub-users are stored by id. `ready` marks pages that exist in the web app; the server
 * serves only ready items, so a later module turns its pages on here when they ship.
 * `personal` sections (or single pages) belong to the user, not the company: they are shown to every member and need no
 * grant. The labour area mixes both: a person's job cards, comments and training are theirs (personal pages), while
 * hiring demands are published for the company (4203, granted like any company page).
 */
export interface TMenuNode {
  id: number;
  name: string;
  icons: string;
  url: string;
  ready?: boolean;
  personal?: boolean;
  child?: TMenuNode[];
}

export const MENU_TREE: TMenuNode[] = [
  {
    id: 1,
    name: '账户中心',
    icons: 'UserOutlined',
    url: '/dashboard',
    personal: true,
    child: [
      { id: 101, name: '账户首页', icons: '', url: '/dashboard/index', ready: true },
      { id: 102, name: '系统消息', icons: '', url: '/dashboard/message', ready: true },
      { id: 103, name: '个人认证', icons: '', url: '/dashboard/person', ready: true },
      { id: 104, name: '企业认证', icons: '', url: '/dashboard/company-auth', ready: true },
      { id: 105, name: '积分明细', icons: '', url: '/integral-detail', ready: true },
      { id: 106, name: '会员权益', icons: '', url: '/dashboard/user-power', ready: true },
      { id: 107, name: '我的收藏', icons: '', url: '/dashboard/favorite', ready: true },
      { id: 108, name: '我的举报', icons: '', url: '/dashboard/report', ready: true },
    ],
  },
  {
    id: 2,
    name: '设备管理',
    icons: 'ToolOutlined',
    url: '/device',
    child: [
      { id: 201, name: '直租设备', icons: '', url: '/device/rent', ready: true },
      { id: 202, name: '以租代售', icons: '', url: '/device/buy', ready: true },
      {
        id: 210,
        name: '询价管理',
        icons: '',
        url: '/talk',
        child: [
          { id: 211, name: '收到的询价', icons: '', url: '/talk/receive', ready: true },
          { id: 212, name: '发出的询价', icons: '', url: '/talk/send', ready: true },
          { id: 213, name: '路桥套餐需求', icons: '', url: '/talk/suit', ready: true },
        ],
      },
      {
        id: 220,
        name: '我的店铺',
        icons: '',
        url: '/shop',
        child: [
          { id: 221, name: '店铺设置', icons: '', url: '/shop/setting', ready: true },
          { id: 222, name: '店铺装修', icons: '', url: '/shop/decorate', ready: true },
        ],
      },
    ],
  },
  {
    id: 3,
    name: '租赁交易',
    icons: 'SwapOutlined',
    url: '/rent',
    child: [
      { id: 301, name: '竞价管理', icons: '', url: '/rent/compete', ready: true },
      { id: 302, name: '快速需求', icons: '', url: '/rent/demand', ready: true },
      { id: 303, name: '租入订单', icons: '', url: '/rent/order', ready: true },
      { id: 304, name: '竞价响应', icons: '', url: '/response', ready: true },
      { id: 305, name: '租出订单', icons: '', url: '/rent-order', ready: true },
      { id: 306, name: '以租代售货架', icons: '', url: '/order/info', ready: true },
      { id: 307, name: '收付款统计', icons: '', url: '/rent/payment-stat', ready: true },
    ],
  },
  {
    id: 5,
    name: '企业管理',
    icons: 'BankOutlined',
    url: '/company',
    child: [
      { id: 501, name: '企业信息', icons: '', url: '/company/info', ready: true },
      { id: 502, name: '发票信息', icons: '', url: '/company/invoice', ready: true },
      { id: 503, name: '银行卡管理', icons: '', url: '/company/bank', ready: true },
      { id: 504, name: '用户管理', icons: '', url: '/company/user', ready: true },
      { id: 505, name: '权限管理', icons: '', url: '/company/auth', ready: true },
      { id: 506, name: '印章管理', icons: '', url: '/company/sign', ready: true },
    ],
  },
  {
    id: 42,
    name: '劳务中心',
    icons: 'TeamOutlined',
    url: '/operator',
    child: [
      { id: 4201, name: '劳务首页', icons: '', url: '/operator/index', ready: true, personal: true },
      { id: 4202, name: '我的求职卡', icons: '', url: '/operator/jobCard', ready: true, personal: true },
      { id: 4203, name: '招聘需求', icons: '', url: '/operator/recruitment', ready: true },
      { id: 4204, name: '我的评论', icons: '', url: '/operator/comments', ready: true, personal: true },
      { id: 4205, name: '培训报名', icons: '', url: '/operator/registration', ready: true, personal: true },
    ],
  },
];

/** Menu ids a route may require; a sub-user needs the grant of that id. */
export const MENU = {
  /** 设备管理: direct-rental listings, rent-to-own devices, inquiries, shop */
  deviceRent: 201,
  deviceBuy: 202,
  talkReceive: 211,
  talkSend: 212,
  talkSuit: 213,
  shopSetting: 221,
  shopDecorate: 222,
  /** 租赁交易: bidding management, quick demands, rent-in orders, bidding responses, rent-out orders */
  rentCompete: 301,
  rentDemand: 302,
  rentOrder: 303,
  response: 304,
  /** 租出订单 (rent-out orders: contracts, settlements, payments, machinery on the provider side) */
  leaseOrder: 305,
  /** 以租代售货架 (shelf orders and shelves) */
  shelf: 306,
  /** 收付款统计 (the company's payments as payee and payer) */
  payStat: 307,
  companyInfo: 501,
  companyInvoice: 502,
  companyBank: 503,
  companyUser: 504,
  companyAuth: 505,
  companySign: 506,
  /** 劳务中心: 招聘需求 (hiring demands) */
  recruit: 4203,
} as const;

/** All ids of the tree, flattened, with each node's ancestors. */
export function flattenMenu(
  tree: TMenuNode[] = MENU_TREE,
  parents: number[] = [],
): { node: TMenuNode; parents: number[] }[] {
  return tree.flatMap((node) => [{ node, parents }, ...flattenMenu(node.child ?? [], [...parents, node.id])]);
}

/**
 * The ready part of the tree, limited by a predicate on leaves; a group with no visible child disappears.
 * `visible(leaf, section)` decides per leaf.
 */
export function pruneMenu(
  visible: (leaf: TMenuNode, section: TMenuNode) => boolean,
  tree: TMenuNode[] = MENU_TREE,
): TMenuNode[] {
  const walk = (nodes: TMenuNode[], section: TMenuNode | null): TMenuNode[] =>
    nodes.flatMap((n) => {
      const sec = section ?? n;
      if (n.child?.length) {
        const child = walk(n.child, sec);
        return child.length ? [{ id: n.id, name: n.name, icons: n.icons, url: n.url, child }] : [];
      }
      return n.ready && visible(n, sec) ? [{ id: n.id, name: n.name, icons: n.icons, url: n.url, child: [] }] : [];
    });
  return walk(tree, null);
}
