import { APP_ROUTES, type AppRouteName } from '@coach/contracts';
import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { Layout } from './shared/layout/Layout.tsx';

// Every page is its own chunk so the home route stays lean. Accounts, community, profile, admin
// and legal live in their own folders.
const AdminLoginPage = lazy(() => import('./features/admin/AdminLoginPage.tsx'));
const PAGES: Record<AppRouteName, ComponentType> = {
  home: lazy(() => import('./features/home/HomePage.tsx')),
  about: lazy(() => import('./features/about/AboutPage.tsx')),
  coaching: lazy(() => import('./features/coaching/CoachingPage.tsx')),
  testimonials: lazy(() => import('./features/testimonials/TestimonialsPage.tsx')),
  blog: lazy(() => import('./features/blog/BlogListPage.tsx')),
  blogPost: lazy(() => import('./features/blog/BlogPostPage.tsx')),
  askAi: lazy(() => import('./features/ask-ai/AskAiPage.tsx')),
  contact: lazy(() => import('./features/contact/ContactPage.tsx')),
  login: lazy(() => import('./features/account/LoginPage.tsx')),
  signup: lazy(() => import('./features/account/SignupPage.tsx')),
  community: lazy(() => import('./features/community/CommunityPage.tsx')),
  profile: lazy(() => import('./features/profile/ProfilePage.tsx')),
  adminLogin: AdminLoginPage,
  adminLoginAlias: AdminLoginPage,
  adminDashboard: lazy(() => import('./features/admin/AdminDashboardPage.tsx')),
  legal: lazy(() => import('./features/legal/LegalPage.tsx')),
};
const NotFoundPage = lazy(() => import('./features/not-found/NotFoundPage.tsx'));

/**
 * The app's routes, in the shared layout: one per page of the list the gateway answers by
 * (APP_ROUTES), and the not-found page for any other path, which the gateway answers with 404.
 */
export const APP_ROUTE_OBJECTS: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...Object.entries(PAGES).map(([name, Page]) => ({
        path: APP_ROUTES[name as AppRouteName].path,
        element: <Page />,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(APP_ROUTE_OBJECTS);
}
