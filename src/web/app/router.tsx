import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { lazyPage } from './lazy-page';
import { AppLayout } from './layout/app-layout';
import { FullScreenLoader } from './layout/full-screen-loader';
import { ErrorPage } from './routes/error-page';
import { RequireSignIn } from './routes/require-sign-in';
import { StaffOnly } from './routes/staff-only';

// Every screen is its own chunk: the first visit downloads only the shell and the page it opens.
// Each area's texts come with its pages (the shell carries only the texts every page needs).
const publicTexts = () => import('../locales/en-public').then((module) => module.enPublic);
const bankingTexts = () => import('../locales/en-banking').then((module) => module.enBanking);
const dashboardTexts = () => import('../locales/en-dashboard').then((module) => module.enDashboard);

const HomePage = lazyPage(() => import('../features/home/routes/home'), publicTexts);
const RegisterPage = lazy(() => import('../features/auth/routes/register'));
const LoginPage = lazy(() => import('../features/auth/routes/login'));
const UserProfilePage = lazy(() => import('../features/auth/routes/user-profile'));
const AccountDetailPage = lazyPage(() => import('../features/catalogue/routes/account-detail'), publicTexts);
const CardDetailPage = lazyPage(() => import('../features/catalogue/routes/card-detail'), publicTexts);
const LoanDetailPage = lazyPage(() => import('../features/catalogue/routes/loan-detail'), publicTexts);
const NotFoundPage = lazy(() => import('./routes/not-found'));
// public-site lazy imports (issue 3)
const ContactUsPage = lazyPage(() => import('../features/contact/routes/contact-us'), publicTexts);
const PolicyPage = lazyPage(() => import('../features/static-pages/routes/policy-page'), publicTexts);
const FaqPage = lazyPage(() => import('../features/static-pages/routes/faq'), publicTexts);
const CareersPage = lazyPage(() => import('../features/static-pages/routes/careers'), publicTexts);
const CustomerReviewsPage = lazyPage(() => import('../features/static-pages/routes/customer-reviews'), publicTexts);
const AboutUsPage = lazyPage(() => import('../features/static-pages/routes/about-us'), publicTexts);
// customer-banking lazy imports (issue 4)
const OpenAccountPage = lazyPage(() => import('../features/banking/routes/open-account'), bankingTexts);
const MyAccountsPage = lazyPage(() => import('../features/banking/routes/my-accounts'), bankingTexts);
const SingleAccountPage = lazyPage(() => import('../features/banking/routes/single-account'), bankingTexts);
const DepositPage = lazyPage(() => import('../features/banking/routes/deposit'), bankingTexts);
const MoneyTransferPage = lazyPage(() => import('../features/banking/routes/money-transfer'), bankingTexts);
const CardRequestPage = lazyPage(() => import('../features/banking/routes/card-request'), bankingTexts);
const MyCardsPage = lazyPage(() => import('../features/banking/routes/my-cards'), bankingTexts);
const LoanRequestPage = lazyPage(() => import('../features/banking/routes/loan-request'), bankingTexts);
const MyLoansPage = lazyPage(() => import('../features/banking/routes/my-loans'), bankingTexts);
const SingleLoanPage = lazyPage(() => import('../features/banking/routes/single-loan'), bankingTexts);
const DebtRepayPage = lazyPage(() => import('../features/banking/routes/debt-repay'), bankingTexts);
// dashboard lazy imports (issue 5)
const DashboardLayout = lazyPage(() => import('../features/dashboard/components/dashboard-layout'), dashboardTexts);
const DashboardAccountsInfoPage = lazyPage(() => import('../features/dashboard/routes/accounts-info'), dashboardTexts);
const DashboardAccountDetailPage = lazyPage(() => import('../features/dashboard/routes/account-detail'), dashboardTexts);
const DashboardCardRequestsPage = lazyPage(() => import('../features/dashboard/routes/card-requests'), dashboardTexts);
const DashboardLoanRequestsPage = lazyPage(() => import('../features/dashboard/routes/loan-requests'), dashboardTexts);
const DashboardDepositRequestsPage = lazyPage(() => import('../features/dashboard/routes/deposit-requests'), dashboardTexts);
const DashboardAllUsersPage = lazyPage(() => import('../features/dashboard/routes/all-users'), dashboardTexts);
const DashboardMessagesPage = lazyPage(() => import('../features/dashboard/routes/messages'), dashboardTexts);

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/logIn', element: <LoginPage /> },
      { path: '/login', element: <Navigate to="/logIn" replace /> },
      { path: '/userProfile', element: <UserProfilePage /> },
      { path: '/accountDetail/:accountType', element: <AccountDetailPage /> },
      { path: '/cardDetail/:cardType', element: <CardDetailPage /> },
      { path: '/loanDetail/:loanType', element: <LoanDetailPage /> },
      // public-site routes (issue 3)
      // Paths match regardless of case: this is the sidebar's /contactUs and the footer's /contactus alike.
      { path: '/contactUs', element: <ContactUsPage /> },
      { path: '/terms&Conditions', element: <PolicyPage page="terms" /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/accessibility', element: <PolicyPage page="accessibility" /> },
      { path: '/privacy', element: <PolicyPage page="privacy" /> },
      { path: '/legalInformation', element: <PolicyPage page="legal" /> },
      { path: '/securityInformation', element: <PolicyPage page="security" /> },
      { path: '/careers', element: <CareersPage /> },
      { path: '/customerReviews', element: <CustomerReviewsPage /> },
      { path: '/aboutus', element: <AboutUsPage /> },
      // customer-banking routes (issue 4)
      { path: '/openAcc', element: <RequireSignIn><OpenAccountPage /></RequireSignIn> },
      { path: '/myAccounts', element: <RequireSignIn><MyAccountsPage /></RequireSignIn> },
      { path: '/singleDetails/:accountId', element: <RequireSignIn><SingleAccountPage /></RequireSignIn> },
      { path: '/deposit/:id', element: <RequireSignIn><DepositPage /></RequireSignIn> },
      { path: '/moneyTrans/:id', element: <RequireSignIn><MoneyTransferPage /></RequireSignIn> },
      { path: '/cardsReq/:id', element: <RequireSignIn><CardRequestPage /></RequireSignIn> },
      { path: '/myCards', element: <RequireSignIn><MyCardsPage /></RequireSignIn> },
      { path: '/loanReq/:id', element: <RequireSignIn><LoanRequestPage /></RequireSignIn> },
      { path: '/myLoans', element: <RequireSignIn><MyLoansPage /></RequireSignIn> },
      { path: '/singleLoanDetail/:id', element: <RequireSignIn><SingleLoanPage /></RequireSignIn> },
      { path: '/debtRepay/:id', element: <RequireSignIn><DebtRepayPage /></RequireSignIn> },
      // dashboard routes (issue 5)
      {
        // Staff only: a visitor signs in first and comes back; a customer sees the 'Staff only' page.
        path: '/dashboard',
        element: (
          <RequireSignIn>
            <StaffOnly>
              <DashboardLayout />
            </StaffOnly>
          </RequireSignIn>
        ),
        children: [
          { index: true, element: <DashboardAccountsInfoPage /> },
          { path: 'singleAccDetails/:id', element: <DashboardAccountDetailPage /> },
          { path: 'cardRequest', element: <DashboardCardRequestsPage /> },
          { path: 'loanRequest', element: <DashboardLoanRequestsPage /> },
          // Paths match regardless of case, so this is /dashboard/depositRequest and /dashboard/DepositRequest alike.
          { path: 'depositRequest', element: <DashboardDepositRequestsPage /> },
          { path: 'allUsers', element: <DashboardAllUsersPage /> },
          { path: 'messages', element: <DashboardMessagesPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
