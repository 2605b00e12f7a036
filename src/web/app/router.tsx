import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { FullScreenLoader } from './layout/full-screen-loader';
import { ErrorPage } from './routes/error-page';

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
// customer-banking lazy imports (issue 4)
// dashboard lazy imports (issue 5)

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
      // customer-banking routes (issue 4)
      // dashboard routes (issue 5)
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
