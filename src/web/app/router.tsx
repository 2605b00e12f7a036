import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { sessionQueryOptions } from '../lib/session';
import { accountTypeQueryOptions, cardTypeQueryOptions, loanTypeQueryOptions } from '../features/catalogue/api/get-catalogue-entry';
import type { PolicyPageKey } from '../features/static-pages/routes/policy-page';
import { currentLanguage, type AreaTexts } from '../lib/i18n';
import { lazyRoute } from './lazy-route';
import { awaitedQueryLoader, prefetchLoader } from './prefetch-loader';
import { AppLayout } from './layout/app-layout';
import { FullScreenLoader } from './layout/full-screen-loader';
import { ErrorPage } from './routes/error-page';
import { RequireSignIn } from './routes/require-sign-in';
import { accountTexts } from './account-texts';

// Every screen is its own chunk: the first visit downloads only the shell and the page it opens.
// Each area's texts come with its pages (the shell carries only the texts every page needs).
// Bangla's copy of each area loads only for a reader who chose Bangla.
const publicTexts: AreaTexts = {
  en: () => import('../locales/en-public').then((module) => module.enPublic),
  bn: () => import('../locales/bn-public').then((module) => module.bnPublic),
};
// The contact form's texts come with it alone, not with the home page every visitor opens first.
const contactTexts: AreaTexts = {
  en: () => import('../locales/en-contact').then((module) => module.enContact),
  bn: () => import('../locales/bn-contact').then((module) => module.bnContact),
};
const staticPagesTexts: AreaTexts = {
  en: () => import('../locales/en-static-pages').then((module) => module.enStaticPages),
  bn: () => import('../locales/bn-static-pages').then((module) => module.bnStaticPages),
};
const bankingTexts: AreaTexts = {
  en: () => import('../locales/en-banking').then((module) => module.enBanking),
  bn: () => import('../locales/bn-banking').then((module) => module.bnBanking),
};
const dashboardTexts: AreaTexts = {
  en: () => import('../locales/en-dashboard').then((module) => module.enDashboard),
  bn: () => import('../locales/bn-dashboard').then((module) => module.bnDashboard),
};

/** How long the layout waits for the session before showing anyway (and a customer page says the load failed). */
const sessionWaitMaxMs = 3_000;

/**
 * The messages page and the service banner's page come in one chunk: a chunk of its own would add
 * its name to the first screen's list of chunks, which is at its budget.
 */
const staffMessages = () => import('../features/dashboard/routes/messages');

const notFoundRoute = lazyRoute(() => import('./routes/not-found'));

const policyRoute = (page: PolicyPageKey) =>
  lazyRoute(() => import('../features/static-pages/routes/policy-page').then(({ default: PolicyPage }) => ({ default: () => <PolicyPage page={page} /> })), staticPagesTexts);

/** The app's router, as main.tsx holds it. */
export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Who may open a route and what is under it, as the server's routes declare `access`: `public`
 * unless a route or one above it says otherwise. The bundle budget is checked on every public route
 * read from here (tests/e2e/route-budgets.test.ts).
 */
export type RouteAccess = 'public' | 'customer' | 'staff';

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}

/** Every route of the app, for the router and for the tests that visit each public one. */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  // A customer's lists are asked for beside the session (the layout's loader) and the page's code,
  // not after them: on a slow link each waits one round trip instead of three. A signed-out
  // visitor's request is refused at once and the page sends them to log in.
  // The queries' code comes in a small chunk of its own (see banking-queries.ts), fetched beside the page's.
  const prefetchLists = (start: (queries: typeof import('./banking-queries')) => void) => () => {
    void import('./banking-queries').then(start);
    return null;
  };
  const myAccountsLoader = prefetchLists((queries) => {
    void queryClient.prefetchQuery(queries.myAccountsQuery());
    void queryClient.prefetchQuery(queries.myDepositsQuery());
  });
  return [
    {
      element: <AppLayout />,
      // Who is signed in decides the menu (a signed-in customer's photo and name sit at its top) and
      // every customer page: asked for beside the page's code, and the layout shows once it is known,
      // so the menu does not move down when the answer comes.
      loader: awaitedQueryLoader(queryClient, () => sessionQueryOptions(), sessionWaitMaxMs),
      errorElement: <ErrorPage />,
      hydrateFallbackElement: <FullScreenLoader />,
      children: [
        { path: '/', lazy: lazyRoute(() => import('../features/home/routes/home'), publicTexts) },
        { path: '/register', lazy: lazyRoute(() => import('../features/auth/routes/register')) },
        { path: '/logIn', lazy: lazyRoute(() => import('../features/auth/routes/login')) },
        { path: '/login', element: <Navigate to="/logIn" replace /> },
        { path: '/forgotPassword', lazy: lazyRoute(() => import('../features/auth/routes/forgot-password'), accountTexts) },
        { path: '/resetPassword', lazy: lazyRoute(() => import('../features/auth/routes/reset-password'), accountTexts) },
        { path: '/staffInvitation', lazy: lazyRoute(() => import('../features/auth/routes/accept-invitation'), accountTexts) },
        { path: '/userProfile', lazy: lazyRoute(() => import('../features/auth/routes/user-profile'), accountTexts) },
        {
          path: '/accountDetail/:accountType',
          loader: prefetchLoader(queryClient, ({ params }) => accountTypeQueryOptions(params.accountType ?? '', currentLanguage())),
          lazy: lazyRoute(() => import('../features/catalogue/routes/account-detail'), publicTexts),
        },
        {
          path: '/cardDetail/:cardType',
          loader: prefetchLoader(queryClient, ({ params }) => cardTypeQueryOptions(params.cardType ?? '', currentLanguage())),
          lazy: lazyRoute(() => import('../features/catalogue/routes/card-detail'), publicTexts),
        },
        {
          path: '/loanDetail/:loanType',
          loader: prefetchLoader(queryClient, ({ params }) => loanTypeQueryOptions(params.loanType ?? '', currentLanguage())),
          lazy: lazyRoute(() => import('../features/catalogue/routes/loan-detail'), publicTexts),
        },
        // public-site routes
        // Paths match regardless of case: this is the sidebar's /contactUs and the footer's /contactus alike.
        { path: '/contactUs', lazy: lazyRoute(() => import('../features/contact/routes/contact-us'), contactTexts) },
        { path: '/terms&Conditions', lazy: policyRoute('terms') },
        { path: '/faq', lazy: lazyRoute(() => import('../features/static-pages/routes/faq'), staticPagesTexts) },
        { path: '/accessibility', lazy: policyRoute('accessibility') },
        { path: '/privacy', lazy: policyRoute('privacy') },
        { path: '/legalInformation', lazy: policyRoute('legal') },
        { path: '/securityInformation', lazy: policyRoute('security') },
        { path: '/careers', lazy: lazyRoute(() => import('../features/static-pages/routes/careers'), staticPagesTexts) },
        { path: '/customerReviews', lazy: lazyRoute(() => import('../features/static-pages/routes/customer-reviews'), staticPagesTexts) },
        { path: '/aboutus', lazy: lazyRoute(() => import('../features/static-pages/routes/about-us'), staticPagesTexts) },
        // customer-banking routes
        {
          handle: { access: 'customer' satisfies RouteAccess },
          element: (
            <RequireSignIn>
              <Outlet />
            </RequireSignIn>
          ),
          children: [
            { path: '/changePassword', lazy: lazyRoute(() => import('../features/auth/routes/change-password'), accountTexts) },
            { path: '/openAcc', lazy: lazyRoute(() => import('../features/banking/routes/open-account'), bankingTexts) },
            { path: '/myAccounts', loader: myAccountsLoader, lazy: lazyRoute(() => import('../features/banking/routes/my-accounts'), bankingTexts) },
            { path: '/singleDetails/:accountId', lazy: lazyRoute(() => import('../features/banking/routes/single-account'), bankingTexts) },
            { path: '/deposit/:id', lazy: lazyRoute(() => import('../features/banking/routes/deposit'), bankingTexts) },
            {
              path: '/transfer',
              loader: prefetchLists((queries) => void queryClient.prefetchQuery(queries.myAccountsQuery())),
              lazy: lazyRoute(() => import('../features/banking/routes/transfer-from'), bankingTexts),
            },
            { path: '/moneyTrans/:id', lazy: lazyRoute(() => import('../features/banking/routes/money-transfer'), bankingTexts) },
            { path: '/cardsReq/:id', lazy: lazyRoute(() => import('../features/banking/routes/card-request'), bankingTexts) },
            {
              path: '/myCards',
              loader: prefetchLists((queries) => void queryClient.prefetchQuery(queries.myCardsQuery())),
              lazy: lazyRoute(() => import('../features/banking/routes/my-cards'), bankingTexts),
            },
            { path: '/loanReq/:id', lazy: lazyRoute(() => import('../features/banking/routes/loan-request'), bankingTexts) },
            {
              path: '/myLoans',
              loader: prefetchLists((queries) => void queryClient.prefetchQuery(queries.myLoansQuery())),
              lazy: lazyRoute(() => import('../features/banking/routes/my-loans'), bankingTexts),
            },
            { path: '/singleLoanDetail/:id', lazy: lazyRoute(() => import('../features/banking/routes/single-loan'), bankingTexts) },
            { path: '/debtRepay/:id', lazy: lazyRoute(() => import('../features/banking/routes/debt-repay'), bankingTexts) },
            { path: '/payments', lazy: lazyRoute(() => import('../features/banking/routes/my-payments'), bankingTexts) },
            { path: '/payments/new', lazy: lazyRoute(() => import('../features/banking/routes/pay-other-bank'), bankingTexts) },
            { path: '/payments/:id', lazy: lazyRoute(() => import('../features/banking/routes/payment-detail'), bankingTexts) },
            { path: '/fdr', lazy: lazyRoute(() => import('../features/banking/routes/fixed-deposits'), bankingTexts) },
            { path: '/fdr/:id', lazy: lazyRoute(() => import('../features/banking/routes/fixed-deposit'), bankingTexts) },
            { path: '/dps', lazy: lazyRoute(() => import('../features/banking/routes/deposit-schemes'), bankingTexts) },
            { path: '/dps/:id', lazy: lazyRoute(() => import('../features/banking/routes/deposit-scheme'), bankingTexts) },
            { path: '/savedReceivers', lazy: lazyRoute(() => import('../features/banking/routes/saved-receivers'), bankingTexts) },
            // Loads its own texts (the bell shares them), so their loaders stay out of the first screen's code.
            { path: '/notifications', lazy: lazyRoute(() => import('../features/notifications/routes/notifications').then((module) => module.loadPage())) },
            { path: '/twoFactor', lazy: lazyRoute(() => import('../features/auth/routes/two-factor-settings'), accountTexts) },
          ],
        },
        // dashboard routes
        {
          // Staff only: a visitor signs in first and comes back; a customer sees the 'Staff only' page.
          path: '/dashboard',
          handle: { access: 'staff' satisfies RouteAccess },
          lazy: lazyRoute(() => import('./routes/staff-route')),
          children: [
            {
              lazy: lazyRoute(() => import('../features/dashboard/components/dashboard-layout'), dashboardTexts),
              children: [
                // The banking texts name a nominee's relation and a gender as the customer chose them.
                { index: true, lazy: lazyRoute(() => import('../features/dashboard/routes/accounts-info'), [dashboardTexts, bankingTexts]) },
                { path: 'singleAccDetails/:id', lazy: lazyRoute(() => import('../features/dashboard/routes/account-detail'), [dashboardTexts, bankingTexts]) },
                { path: 'cardRequest', lazy: lazyRoute(() => import('../features/dashboard/routes/card-requests'), dashboardTexts) },
                { path: 'loanRequest', lazy: lazyRoute(() => import('../features/dashboard/routes/loan-requests'), dashboardTexts) },
                // Paths match regardless of case, so this is /dashboard/depositRequest and /dashboard/DepositRequest alike.
                { path: 'depositRequest', lazy: lazyRoute(() => import('../features/dashboard/routes/deposit-requests'), dashboardTexts) },
                { path: 'deposits', lazy: lazyRoute(() => import('../features/dashboard/routes/term-deposits'), dashboardTexts) },
                { path: 'allUsers', lazy: lazyRoute(() => import('../features/dashboard/routes/all-users'), dashboardTexts) },
                { path: 'messages', lazy: lazyRoute(staffMessages, dashboardTexts) },
                { path: 'banner', lazy: lazyRoute(() => staffMessages().then((module) => ({ default: module.ServiceBannerPage })), dashboardTexts) },
                { path: 'limits', lazy: lazyRoute(() => import('../features/dashboard/routes/transfer-limits'), dashboardTexts) },
                { path: 'rates', lazy: lazyRoute(() => import('../features/dashboard/routes/products-and-rates'), dashboardTexts) },
                { path: 'excise', lazy: lazyRoute(() => import('../features/dashboard/routes/excise-duty'), dashboardTexts) },
                { path: 'holidays', lazy: lazyRoute(() => import('../features/dashboard/routes/holidays'), dashboardTexts) },
                { path: 'payments', lazy: lazyRoute(() => import('../features/dashboard/routes/payments-operations'), dashboardTexts) },
                { path: 'day-close', lazy: lazyRoute(() => import('../features/dashboard/routes/day-close'), dashboardTexts) },
                { path: 'trial-balance', lazy: lazyRoute(() => import('../features/dashboard/routes/trial-balance'), dashboardTexts) },
                { path: 'staff', lazy: lazyRoute(() => import('../features/dashboard/routes/staff'), dashboardTexts) },
                { path: '*', lazy: notFoundRoute },
              ],
            },
          ],
        },
        { path: '*', lazy: notFoundRoute },
      ],
    },
  ];
}
