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
import { noticeRoutes } from './notice/notice.routes';
import { noticeAdminRoutes } from './notice/notice.admin.routes';
import { messageRoutes } from './message/message.routes';
import { verifyRoutes } from './verify/verify.routes';
import { verifyAdminRoutes } from './verify/verify.admin.routes';
import { paymentRoutes } from './payment/payment.routes';
import { membershipRoutes } from './membership/membership.routes';
import { pointsRoutes } from './points/points.routes';
import { talkRoutes } from './talk/talk.routes';
import { favoriteRoutes } from './favorite/favorite.routes';
import { reportRoutes } from './report/report.routes';

/** Every module's routes, registered under /api in this order. */
export const modules: TModule[] = [healthRoutes, settingsRoutes, authRoutes, indexRoutes, companyRoutes, regionRoutes, uploadRoutes, staffRoutes, adminRoutes, bankRoutes, invoiceRoutes, memberRoutes, sealRoutes, accountRoutes, noticeRoutes, noticeAdminRoutes, messageRoutes, verifyRoutes, verifyAdminRoutes, paymentRoutes, membershipRoutes, pointsRoutes, talkRoutes, favoriteRoutes, reportRoutes];
