import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { FullScreenLoader } from './layout/full-screen-loader';
import { ErrorPage } from './routes/error-page';
import { RequireSignIn } from './routes/require-sign-in';
import { StaffOnly } from './routes/staff-only';

// Every screen is its own chunk: the first visit downloads only the shell and the page it opens.
const HomePage = lazy(() => import('../features/home/routes/home'));
const RegisterPage = lazy(() => import('../features/auth/routes/register'));
const LoginPage = lazy(() => import('../features/auth/routes/login'));
const UserProfilePage = lazy(() => import('../features/auth/routes/user-profile'));
const AccountDetailPage = lazy(() => import('../features/catalogue/routes/account-detail'));
const CardDetailPage = lazy(() => import('../features/catalogue/routes/card-detail'));
const LoanDetailPage = lazy(() => import('../features/catalogue/routes/loan-detail'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
// public-site lazy imports (issue 3)
const ContactUsPage = lazy(() => import('../features/contact/routes/contact-us'));
const PolicyPage = lazy(() => import('../features/static-pages/routes/policy-page'));
const FaqPage = lazy(() => import('../features/static-pages/routes/faq'));
const CareersPage = lazy(() => import('../features/static-pages/routes/careers'));
const CustomerReviewsPage = lazy(() => import('../features/static-pages/routes/customer-reviews'));
const AboutUsPage = lazy(() => import('../features/static-pages/routes/about-us'));
// customer-banking lazy imports (issue 4)
const OpenAccountPage = lazy(() => import('../features/banking/routes/open-account'));
const MyAccountsPage = lazy(() => import('../features/banking/routes/my-accounts'));
const SingleAccountPage = lazy(() => import('../features/banking/routes/single-account'));
const DepositPage = lazy(() => import('../features/banking/routes/deposit'));
const MoneyTransferPage = lazy(() => import('../features/banking/routes/money-transfer'));
const CardRequestPage = lazy(() => import('../features/banking/routes/card-request'));
const MyCardsPage = lazy(() => import('../features/banking/routes/my-cards'));
const LoanRequestPage = lazy(() => import('../features/banking/routes/loan-request'));
const MyLoansPage = lazy(() => import('../features/banking/routes/my-loans'));
const SingleLoanPage = lazy(() => import('../features/banking/routes/single-loan'));
const DebtRepayPage = lazy(() => import('../features/banking/routes/debt-repay'));
// dashboard lazy imports (issue 5)
const DashboardLayout = lazy(() => import('../features/dashboard/components/dashboard-layout'));
const DashboardAccountsInfoPage = lazy(() => import('../features/dashboard/routes/accounts-info'));
const DashboardAccountDetailPage = lazy(() => import('../features/dashboard/routes/account-detail'));
const DashboardCardRequestsPage = lazy(() => import('../features/dashboard/routes/card-requests'));
const DashboardLoanRequestsPage = lazy(() => import('../features/dashboard/routes/loan-requests'));
const DashboardDepositRequestsPage = lazy(() => import('../features/dashboard/routes/deposit-requests'));
const DashboardAllUsersPage = lazy(() => import('../features/dashboard/routes/all-users'));
const DashboardMessagesPage = lazy(() => import('../features/dashboard/routes/messages'));

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
