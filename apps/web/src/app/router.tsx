import { createBrowserRouter, Navigate } from 'react-router';
import { LoadingBlock } from '../ui/QueryState';

// Each area is its own chunk: the user centre's first load carries neither the site, the admin console nor auth pages.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  { path: '/login', lazy: page(() => import('../features/auth/LoginPage')) },
  { path: '/register', lazy: page(() => import('../features/auth/RegisterPage')) },
  { path: '/404', lazy: page(() => import('./NotFoundPage')) },
  { path: '/site/verify/sandbox/:no', lazy: page(() => import('../site/VerifySandboxPage')) },
  {
    path: '/site',
    lazy: page(() => import('../site/SiteLayout')),
    children: [
      { index: true, lazy: page(() => import('../site/HomePage')) },
      { path: 'pay/sandbox/:no', lazy: page(() => import('../site/SandboxPayPage')) },
    ],
  },
  {
    path: '/admin',
    lazy: page(() => import('../admin/AdminLayout')),
    children: [
      { index: true, lazy: page(() => import('../admin/OverviewPage')) },
      { path: 'users', lazy: page(() => import('../admin/UsersPage')) },
      { path: 'notices', lazy: page(() => import('../admin/NoticesPage')) },
      { path: 'verify/person', lazy: page(() => import('../admin/VerifyPersonPage')) },
      { path: 'verify/company', lazy: page(() => import('../admin/VerifyCompanyPage')) },
      { path: 'seals', lazy: page(() => import('../admin/SealReviewPage')) },
      { path: 'coin', lazy: page(() => import('../admin/CoinPackagesPage')) },
      { path: 'member', lazy: page(() => import('../admin/MemberPlansPage')) },
      { path: 'payments', lazy: page(() => import('../admin/PaymentsPage')) },
      { path: 'points', lazy: page(() => import('../admin/PointsSettingsPage')) },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
  {
    path: '/',
    lazy: page(() => import('./Shell')),
    HydrateFallback: LoadingBlock,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'dashboard', element: <Navigate to="/dashboard/index" replace /> },
      { path: 'dashboard/index', lazy: page(() => import('../features/dashboard/DashboardPage')) },
      { path: 'dashboard/message', lazy: page(() => import('../features/message/MessagePage')) },
      { path: 'dashboard/person', lazy: page(() => import('../features/verify/PersonAuthPage')) },
      { path: 'dashboard/company-auth', lazy: page(() => import('../features/verify/CompanyAuthPage')) },
      { path: 'company/info', lazy: page(() => import('../features/company/CompanyInfoPage')) },
      { path: 'company/bank', lazy: page(() => import('../features/company/BankPage')) },
      { path: 'company/invoice', lazy: page(() => import('../features/company/InvoicePage')) },
      { path: 'company/user', lazy: page(() => import('../features/company/MembersPage')) },
      { path: 'company/auth', lazy: page(() => import('../features/company/PrivilegePage')) },
      { path: 'company/sign', lazy: page(() => import('../features/company/SealsPage')) },
      { path: 'company/sign/add', lazy: page(() => import('../features/company/SealAddPage')) },
      { path: 'coin-purchase', lazy: page(() => import('../features/payment/CoinPurchasePage')) },
      { path: 'coin-scan', lazy: page(() => import('../features/payment/ScanPage')) },
      { path: 'chinaums-scan', lazy: page(() => import('../features/payment/ScanPage')) },
      { path: 'user-scan', lazy: page(() => import('../features/payment/ScanPage')) },
      { path: 'gold-success', lazy: page(() => import('../features/payment/SuccessPage')) },
      { path: 'user-success', lazy: page(() => import('../features/payment/SuccessPage')) },
      { path: 'user-payment', lazy: page(() => import('../features/payment/UserPaymentPage')) },
      { path: 'payment-detail', lazy: page(() => import('../features/payment/PaymentDetailPage')) },
      { path: 'dashboard/user-power', lazy: page(() => import('../features/payment/UserPowerPage')) },
      { path: 'user-power', element: <Navigate to="/dashboard/user-power" replace /> },
      { path: 'integral-detail', lazy: page(() => import('../features/points/IntegralDetailPage')) },
      { path: 'gain-peas', lazy: page(() => import('../features/points/GainPeasPage')) },
      { path: 'message', element: <Navigate to="/dashboard/message" replace /> },
      { path: 'report', element: <Navigate to="/dashboard/report" replace /> },
      { path: 'favorite', element: <Navigate to="/dashboard/favorite" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/404" replace /> },
]);
