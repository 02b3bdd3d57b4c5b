import { APP_ROUTES, type AppRouteName } from '@coach/site-rules';
import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { PageFallback } from '../shared/ui/PageFallback.tsx';
import { Layout } from './layout/Layout.tsx';

// Every page is its own chunk so the home route stays lean. Accounts, community, profile, admin
// and legal live in their own folders.
const AdminLoginPage = lazy(() => import('../features/admin/AdminLoginPage.tsx'));
const PAGES: Record<AppRouteName, ComponentType> = {
  home: lazy(() => import('../features/home/HomePage.tsx')),
  about: lazy(() => import('../features/about/AboutPage.tsx')),
  coaching: lazy(() => import('../features/coaching/CoachingPage.tsx')),
  testimonials: lazy(() => import('../features/testimonials/TestimonialsPage.tsx')),
  blog: lazy(() => import('../features/blog/BlogListPage.tsx')),
  blogArchive: lazy(() => import('../features/blog/BlogArchivePage.tsx')),
  blogPost: lazy(() => import('../features/blog/BlogPostPage.tsx')),
  askAi: lazy(() => import('../features/ask-ai/AskAiPage.tsx')),
  contact: lazy(() => import('../features/contact/ContactPage.tsx')),
  newsletterConfirm: lazy(() => import('../features/newsletter/NewsletterConfirmPage.tsx')),
  newsletterUnsubscribe: lazy(() => import('../features/newsletter/NewsletterUnsubscribePage.tsx')),
  guideConfirm: lazy(() => import('../features/guide/GuideConfirmPage.tsx')),
  login: lazy(() => import('../features/account/LoginPage.tsx')),
  signup: lazy(() => import('../features/account/SignupPage.tsx')),
  forgotPassword: lazy(() => import('../features/account/ForgotPasswordPage.tsx')),
  resetPassword: lazy(() => import('../features/account/ResetPasswordPage.tsx')),
  community: lazy(() => import('../features/community/CommunityPage.tsx')),
  profile: lazy(() => import('../features/profile/ProfilePage.tsx')),
  adminLogin: AdminLoginPage,
  adminLoginAlias: AdminLoginPage,
  adminDashboard: lazy(() => import('../features/admin/AdminDashboardPage.tsx')),
  legal: lazy(() => import('../features/legal/LegalPage.tsx')),
};
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage.tsx'));
const AdminLayout = lazy(() => import('../features/admin/AdminWorkspace.tsx'));

/** The coach's workspace holds every /admin/ page but the admin login, which is public. */
const inWorkspace = (name: AppRouteName) => APP_ROUTES[name].path.startsWith('/admin/') && name !== 'adminLogin';
const pageRoutes = (names: AppRouteName[]): RouteObject[] =>
  names.map((name) => {
    const Page = PAGES[name];
    return { path: APP_ROUTES[name].path, element: <Page /> };
  });
const NAMES = Object.keys(PAGES) as AppRouteName[];

/**
 * The app's routes: one per page of the list the gateway answers by (APP_ROUTES), the admin
 * pages in the coach's workspace and the others in the site's layout, and the not-found page for
 * any other path, which the gateway answers with 404.
 */
export const APP_ROUTE_OBJECTS: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<PageFallback />}>
        <AdminLayout />
      </Suspense>
    ),
    children: pageRoutes(NAMES.filter(inWorkspace)),
  },
  {
    element: <Layout />,
    children: [...pageRoutes(NAMES.filter((name) => !inWorkspace(name))), { path: '*', element: <NotFoundPage /> }],
  },
];

export function AppRoutes() {
  return useRoutes(APP_ROUTE_OBJECTS);
}
