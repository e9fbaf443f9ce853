import { Component, lazy, Suspense, useEffect, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import {
  matchRoutes,
  Navigate,
  useLocation,
  useNavigate,
  useRoutes,
  type NavigateOptions,
  type RouteObject,
} from 'react-router';
import { LoadingBlock } from '../ui/QueryState';
import * as T from '../texts/base';
import s from './router.module.css';

/*
 * Declarative routes (<BrowserRouter> + useRoutes) rather than a data router: createBrowserRouter brings loaders,
 * actions, fetchers and revalidation (about 17 KB gzipped) that no page uses. Each area and each page is its own
 * chunk (React.lazy): the user centre's first load carries neither the site, the admin console nor the auth pages,
 * and /login and /site carry no part of the user centre's shell.
 *
 * A lazy layout renders its page only once it has its own data (the shell waits for GET /index/info), so a page's
 * chunk would be asked for only then. To load a layout and its page side by side, as a data router does, every route
 * matching the address starts its import at once (`warmRoutes`); React.lazy then finds the module already on its way.
 */
type TLoad = () => Promise<{ default: ComponentType }>;
type TRoute = { path?: string; index?: true; element?: ReactNode; load?: TLoad; children?: TRoute[] };

/**
 * A route's component from its chunk. Unlike React.lazy, which suspends on its first render even when the chunk has
 * already arrived, it renders at once when `warmRoutes` has loaded it: the shell and its page then appear in one
 * commit, without a loading block between them.
 */
const page = (fetch: TLoad, path?: string): TRoute => {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const load = () =>
    (pending ??= fetch().then((m) => {
      loaded = m.default;
      return m;
    }));
  const Lazy = lazy(load);
  function RoutePage() {
    const C = loaded;
    return C ? <C /> : <Lazy />;
  }
  return { path, load, element: <RoutePage /> };
};
const at = (path: string, load: TLoad) => page(load, path);
const to = (path: string, target: string): TRoute => ({ path, element: <Navigate to={target} replace /> });

/** Pages of one area sharing a chunk: one import each keeps the route table (in every first load) small. */
const jobSite = () => import('../site/JobSite');
const jobCards = () => import('../features/jobcard/OperatorPages');

const routes: TRoute[] = [
  at('/login', () => import('../features/auth/LoginPage')),
  at('/register', () => import('../features/auth/RegisterPage')),
  at('/404', () => import('./NotFoundPage')),
  at('/site/verify/sandbox/:no', () => import('../site/VerifySandboxPage')),
  at('/site/finance/sandbox/:no', () => import('../site/FinanceSandboxPage')),
  {
    ...at('/site', () => import('../site/SiteLayout')),
    children: [
      { index: true, ...page(() => import('../site/HomePage')) },
      at('pay/sandbox/:no', () => import('../site/SandboxPayPage')),
      at('market', () => import('../site/MarketPage')),
      at('device/:id', () => import('../site/DevicePage')),
      at('shop/:id', () => import('../site/ShopPage')),
      at('rentbuy', () => import('../site/RentBuyPage')),
      at('bidding', () => import('../site/BiddingHallPage')),
      at('bidding/:id', () => import('../site/BiddingPage')),
      at('demand', () => import('../site/DemandHallPage')),
      at('demand/:id', () => import('../site/DemandPage')),
      at('hire', () => import('../site/HireHallPage')),
      at('hire/:id', () => import('../site/HirePage')),
      at('job', jobSite),
      at('job/:id', jobSite),
      at('verify', () => import('../site/ContractVerifyPage')),
    ],
  },
  {
    ...at('/admin', () => import('../admin/AdminLayout')),
    children: [
      { index: true, ...page(() => import('../admin/OverviewPage')) },
      at('users', () => import('../admin/UsersPage')),
      at('notices', () => import('../admin/NoticesPage')),
      at('verify/person', () => import('../admin/VerifyPersonPage')),
      at('verify/company', () => import('../admin/VerifyCompanyPage')),
      at('seals', () => import('../admin/SealReviewPage')),
      at('shops', () => import('../admin/ShopReviewPage')),
      at('equipment', () => import('../admin/ListingReviewPage')),
      at('biddings', () => import('../admin/BiddingReviewPage')),
      at('demands', () => import('../admin/DemandReviewPage')),
      at('recruits', () => import('../admin/RecruitReviewPage')),
      at('job-cards', () => import('../admin/JobCardReviewPage')),
      at('settlements', () => import('../admin/SettlementIssuePage')),
      at('order-payments', () => import('../admin/OrderPaymentsPage')),
      at('finance-products', () => import('../admin/FinanceProductsPage')),
      at('coin', () => import('../admin/CoinPackagesPage')),
      at('member', () => import('../admin/MemberPlansPage')),
      at('payments', () => import('../admin/PaymentsPage')),
      at('points', () => import('../admin/PointsSettingsPage')),
      at('shelf-orders', () => import('../admin/ShelfOrdersPage')),
      at('reports', () => import('../admin/ReportsPage')),
      at('reviews', () => import('../admin/ReviewsPage')),
      at('suits', () => import('../admin/SuitsPage')),
      at('training', () => import('../admin/TrainingMajorsPage')),
      at('training/enrolments', () => import('../admin/TrainingEnrolmentsPage')),
      to('*', '/404'),
    ],
  },
  {
    ...at('/', () => import('./Shell')),
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      to('dashboard', '/dashboard/index'),
      at('dashboard/index', () => import('../features/dashboard/DashboardPage')),
      at('dashboard/message', () => import('../features/message/MessagePage')),
      at('dashboard/person', () => import('../features/verify/PersonAuthPage')),
      at('dashboard/company-auth', () => import('../features/verify/CompanyAuthPage')),
      to('company', '/company/info'),
      at('company/info', () => import('../features/company/CompanyInfoPage')),
      at('company/bank', () => import('../features/company/BankPage')),
      at('company/invoice', () => import('../features/company/InvoicePage')),
      at('company/user', () => import('../features/company/MembersPage')),
      at('company/auth', () => import('../features/company/PrivilegePage')),
      at('company/sign', () => import('../features/company/SealsPage')),
      at('company/sign/add', () => import('../features/company/SealAddPage')),
      at('shop/setting', () => import('../features/shop/ShopSettingPage')),
      at('shop/decorate', () => import('../features/shop/ShopDecoratePage')),
      to('device', '/device/rent'),
      at('device/rent', () => import('../features/device/ListingsPage')),
      at('device/add', () => import('../features/device/ListingFormPage')),
      at('device/edit/:id', () => import('../features/device/ListingFormPage')),
      at('coin-purchase', () => import('../features/payment/CoinPurchasePage')),
      at('coin-scan', () => import('../features/payment/ScanPage')),
      at('chinaums-scan', () => import('../features/payment/ScanPage')),
      at('user-scan', () => import('../features/payment/ScanPage')),
      at('gold-success', () => import('../features/payment/SuccessPage')),
      at('user-success', () => import('../features/payment/SuccessPage')),
      at('user-payment', () => import('../features/payment/UserPaymentPage')),
      at('payment-detail', () => import('../features/payment/PaymentDetailPage')),
      at('dashboard/user-power', () => import('../features/payment/UserPowerPage')),
      to('user-power', '/dashboard/user-power'),
      at('integral-detail', () => import('../features/points/IntegralDetailPage')),
      at('gain-peas', () => import('../features/points/GainPeasPage')),
      at('order/info', () => import('../features/shelf/ShelfPage')),
      at('device/buy', () => import('../features/shelf/ShelfPage')),
      at('dashboard/bind-device/:id/:type', () => import('../features/rights/BindDevicePage')),
      at('dashboard/down-nameplate', () => import('../features/rights/NameplatePage')),
      at('dashboard/invoice', () => import('../features/invoice-view/InvoiceViewPage')),
      to('talk', '/talk/receive'),
      at('talk/receive', () => import('../features/talk/ReceivePage')),
      at('talk/send', () => import('../features/talk/SendPage')),
      at('talk/post/:id', () => import('../features/talk/PostPage')),
      at('talk/suit', () => import('../features/talk/SuitPage')),
      at('dashboard/favorite', () => import('../features/favorite/FavoritePage')),
      at('rent/type', () => import('../features/bidding/TypePage')),
      at('rent/public', () => import('../features/bidding/ItemisedFormPage')),
      at('rent/total', () => import('../features/bidding/TotalFormPage')),
      at('rent/compete', () => import('../features/bidding/CompetePage')),
      at('rent/watch/:id', () => import('../features/bidding-watch/WatchPage')),
      at('operator/index', () => import('../features/operator/CenterPage')),
      at('operator/gethelp', () => import('../features/operator/HelpPage')),
      at('rent/demand', () => import('../features/demand/DemandListPage')),
      at('rent/dadd', () => import('../features/demand/DemandFormPage')),
      at('rent/dadd/:id', () => import('../features/demand/DemandFormPage')),
      at('operator/recruitment', () => import('../features/recruit/RecruitListPage')),
      at('operator/mentAdd', () => import('../features/recruit/RecruitFormPage')),
      at('operator/mentAdd-updata', () => import('../features/recruit/RecruitFormPage')),
      at('response', () => import('../features/response/ResponseListPage')),
      at('response/detail/:id', () => import('../features/response/ResponseDetailPage')),
      at('response/create/:id', () => import('../features/response/ResponseFormPage')),
      at('response/edit/:id', () => import('../features/response/ResponseEditPage')),
      at('rent/see/:id/:classify', () => import('../features/response/SeeQuotePage')),
      at('rent/order', () => import('../features/order/OrderListPage')),
      at('rent/order/add', () => import('../features/order/OrderAddPage')),
      at('rent/order/submit/:id', () => import('../features/order/OrderSubmitPage')),
      at('rent/order/watch/:id', () => import('../features/order/OrderWatchPage')),
      at('rent/order/contract/:id', () => import('../features/contract/ContractListPage')),
      at('rent/order/contract-add/:id', () => import('../features/contract/ContractAddPage')),
      at('rent-order/contract/:id', () => import('../features/contract/ContractListPage')),
      at('rent/order/inout/:id', () => import('../features/machine/MachinePage')),
      at('rent-order/inout/:id', () => import('../features/machine/MachinePage')),
      at('rent-order/indev/:id', () => import('../features/machine/MachineEnterPage')),
      at('rent/order/settle/:id', () => import('../features/settle/SettleListPage')),
      at('rent/order/settle-add/:id', () => import('../features/settle/SettleFormPage')),
      at('rent/order/settle-edit/:sid/:oid', () => import('../features/settle/SettleFormPage')),
      at('rent/order/settle-watch/:sid/:oid', () => import('../features/settle/SettleWatchPage')),
      at('rent/order/settle-confirm/:sid/:oid', () => import('../features/settle/SettleWatchPage')),
      at('rent/order/settle-invoice/:sid/:oid', () => import('../features/settle/SettleWatchPage')),
      at('rent-order/settle/:id', () => import('../features/settle/SettleListPage')),
      at('rent/order/payment/:id', () => import('../features/orderpay/PaymentListPage')),
      at('rent-order/payment/:id', () => import('../features/orderpay/PaymentListPage')),
      at('rent-order/payinfo/:id/:orderId', () => import('../features/orderpay/FinanceDetailPage')),
      at('rent/payment-stat', () => import('../features/orderpay/PayStatPage')),
      at('rent-order/settle-watch/:id', () => import('../features/settle/SettleWatchPage')),
      at('rent-order/settle-confirm/:id', () => import('../features/settle/SettleWatchPage')),
      at('rent-order/settle-invoice/:id', () => import('../features/settle/SettleWatchPage')),
      at('rent-order/settle-invoice-watch/:id', () => import('../features/settle/SettleWatchPage')),
      at('rent-order', () => import('../features/order/OrderListPage')),
      at('rent-order/watch/:id', () => import('../features/order/OrderWatchPage')),
      at('rent-order/confirm/:id', () => import('../features/order/OrderConfirmPage')),
      at('dashboard/report', () => import('../features/report/ReportPage')),
      at('operator/training', () => import('../features/training/EnrolPage')),
      at('operator/registration', () => import('../features/training/RegistrationPage')),
      at('operator/wxpayment', () => import('../features/payment/ScanPage')),
      at('operator/jobCard', jobCards),
      at('operator/release-job', jobCards),
      at('operator/release-job-update', jobCards),
      at('operator/comments', jobCards),
      to('message', '/dashboard/message'),
      to('report', '/dashboard/report'),
      to('favorite', '/dashboard/favorite'),
    ],
  },
  to('*', '/404'),
];

let navigateApp: ((to: string, opts?: NavigateOptions) => void) | null = null;
let pending: [string, NavigateOptions | undefined] | null = null;

/** Navigation from outside React (the API client's handlers); asked before the routes are mounted, it waits for them. */
export function appNavigate(target: string, opts?: NavigateOptions) {
  if (navigateApp) navigateApp(target, opts);
  else pending = [target, opts];
}

/** A chunk that fails to load (a new release replaced it, the network dropped): say so and offer a reload. */
class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className={s.failed}>
        <div className={s.failedTitle}>{T.state.error}</div>
        <button type="button" onClick={() => window.location.reload()} className={s.reload}>
          {T.state.retry}
        </button>
      </div>
    );
  }
}

// Matching an address against the whole table (flattened and ranked each time) is a visible cost at start-up, where
// the same address is matched three times before the first render: the last answer is kept.
let lastMatch: [string, ReturnType<typeof matchRoutes>] | null = null;
function matchesOf(path: string) {
  if (lastMatch?.[0] !== path) lastMatch = [path, matchRoutes(routes as RouteObject[], path)];
  return lastMatch[1] ?? [];
}

/**
 * Starts loading the chunks of every route that matches `path`; settles when they are in (or failed). Called once
 * before React's first render (main.tsx), so the page's chunks download while React and antd start up, and again on
 * every navigation.
 */
export function warmRoutes(path: string): Promise<unknown> {
  // a failure here shows where React.lazy meets it (ChunkErrorBoundary)
  const loads = matchesOf(path).map((m) => (m.route as TRoute & RouteObject).load?.().catch(() => undefined));
  return Promise.all(loads);
}

/** Whether `path` is a page of the user centre (inside the shell), not the site, the console, auth pages or a 404. */
export function inUserCentre(path: string): boolean {
  const matches = matchesOf(path);
  return matches.length > 1 && matches[0].route.path === '/' && !!(matches.at(-1)?.route as TRoute | undefined)?.load;
}

/** The app's routes, inside <BrowserRouter>. */
export function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigateApp = navigate;
    if (pending) {
      const [target, opts] = pending;
      pending = null;
      navigate(target, opts);
    }
  }, [navigate]);
  const path = location.pathname;
  useLayoutEffect(() => void warmRoutes(path), [path]);
  const element = useRoutes(routes as RouteObject[], location);
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<LoadingBlock />}>{element}</Suspense>
    </ChunkErrorBoundary>
  );
}
