import type { TModule } from '../platform/http';
import { healthRoutes } from './health/health.routes';
import { settingsRoutes } from './settings/settings.routes';
import { authRoutes } from './auth/auth.routes';
import { indexRoutes } from './company/index.routes';
import { companyRoutes } from './company/company.routes';
import { regionRoutes } from './region/region.routes';
import { uploadRoutes } from './upload/upload.routes';
import { staffRoutes } from './staff/staff.routes';
import { adminRoutes } from './admin/admin.routes';
import { bankRoutes } from './bank/bank.routes';
import { invoiceRoutes } from './invoice/invoice.routes';
import { memberRoutes } from './member/member.routes';
import { sealRoutes } from './seal/seal.routes';
import { accountRoutes } from './account/account.routes';
import { deviceRoutes } from './account/devices.routes';
import { noticeRoutes } from './notice/notice.routes';
import { noticeAdminRoutes } from './notice/notice.admin.routes';
import { messageRoutes } from './message/message.routes';
import { verifyRoutes } from './verify/verify.routes';
import { verifyAdminRoutes } from './verify/verify.admin.routes';
import { paymentRoutes } from './payment/payment.routes';
import { membershipRoutes } from './membership/membership.routes';
import { pointsRoutes } from './points/points.routes';
import { shopRoutes } from './shop/shop.routes';
import { shelfRoutes } from './shelf/shelf.routes';
import { equipmentRoutes } from './equipment/equipment.routes';
import { marketRoutes } from './market/market.routes';
import { talkRoutes } from './talk/talk.routes';
import { favoriteRoutes } from './favorite/favorite.routes';
import { reportRoutes } from './report/report.routes';
import { biddingRoutes } from './bidding/bidding.routes';
import { selectRoutes } from './bidding/select.routes';
import { orderRoutes } from './order/order.routes';
import { reviewRoutes } from './review/review.routes';
import { contractRoutes } from './contract/contract.routes';
import { machineRoutes } from './machine/machine.routes';
import { settleRoutes } from './settle/settle.routes';
import { orderpayRoutes } from './orderpay/orderpay.routes';
import { finprodRoutes } from './finprod/finprod.routes';
import { demandRoutes } from './demand/demand.routes';
import { offerRoutes } from './bidding/offer.routes';
import { recruitRoutes } from './recruit/recruit.routes';
import { trainingRoutes } from './training/training.routes';
import { jobcardRoutes } from './jobcard/jobcard.routes';
import { feedbackRoutes } from './jobcard/feedback.routes';
import { eventsRoutes } from './events/events.routes';

/** Every module's routes, registered under /api in this order. */
export const modules: TModule[] = [
  healthRoutes,
  settingsRoutes,
  authRoutes,
  indexRoutes,
  companyRoutes,
  regionRoutes,
  uploadRoutes,
  staffRoutes,
  adminRoutes,
  bankRoutes,
  invoiceRoutes,
  memberRoutes,
  sealRoutes,
  accountRoutes,
  deviceRoutes,
  noticeRoutes,
  noticeAdminRoutes,
  messageRoutes,
  verifyRoutes,
  verifyAdminRoutes,
  paymentRoutes,
  membershipRoutes,
  pointsRoutes,
  equipmentRoutes,
  shopRoutes,
  shelfRoutes,
  marketRoutes,
  talkRoutes,
  favoriteRoutes,
  reportRoutes,
  biddingRoutes,
  selectRoutes,
  offerRoutes,
  demandRoutes,
  orderRoutes,
  reviewRoutes,
  contractRoutes,
  machineRoutes,
  settleRoutes,
  orderpayRoutes,
  finprodRoutes,
  recruitRoutes,
  trainingRoutes,
  jobcardRoutes,
  feedbackRoutes,
  eventsRoutes,
];
