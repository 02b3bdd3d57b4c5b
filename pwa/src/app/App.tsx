import { APP_ROUTES, type AppRouteName } from '@coach/site-rules';
import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { PageFallback } from '../shared/ui/PageFallback.tsx';
import { Layout } from './layout/Layout.tsx';

/**
 * Each page's module, under src/. Every page is its own chunk so the home route stays lean; a
 * page drawn on the server names its chunk in its HTML, from this table (src/prerender).
 * Accounts, community, profile, admin and legal live in their own folders.
 */
export const PAGE_MODULES: Record<AppRouteName, string> = {
  home: 'features/home/HomePage.tsx',
  about: 'features/about/AboutPage.tsx',
  coaching: 'features/coaching/CoachingPage.tsx',
  testimonials: 'features/testimonials/TestimonialsPage.tsx',
  blog: 'features/blog/BlogListPage.tsx',
  blogArchive: 'features/blog/BlogArchivePage.tsx',
  blogPost: 'features/blog/BlogPostPage.tsx',
  askAi: 'features/ask-ai/AskAiPage.tsx',
  contact: 'features/contact/ContactPage.tsx',
  newsletterConfirm: 'features/newsletter/NewsletterConfirmPage.tsx',
  newsletterUnsubscribe: 'features/newsletter/NewsletterUnsubscribePage.tsx',
  guideConfirm: 'features/guide/GuideConfirmPage.tsx',
  login: 'features/account/LoginPage.tsx',
  signup: 'features/account/SignupPage.tsx',
  forgotPassword: 'features/account/ForgotPasswordPage.tsx',
  resetPassword: 'features/account/ResetPasswordPage.tsx',
  community: 'features/community/CommunityPage.tsx',
  profile: 'features/profile/ProfilePage.tsx',
  adminLogin: 'features/admin/AdminLoginPage.tsx',
  adminLoginAlias: 'features/admin/AdminLoginPage.tsx',
  adminDashboard: 'features/admin/AdminDashboardPage.tsx',
  checkout: 'features/checkout/CheckoutPage.tsx',
  program: 'features/programs/ProgramSpacePage.tsx',
  legal: 'features/legal/LegalPage.tsx',
};
const pageModules = import.meta.glob<{ default: ComponentType }>('../features/*/*Page.tsx');
/** One lazy component per module: the two admin login addresses share theirs. */
const lazyPage = new Map<string, ComponentType>();
const PAGES = Object.fromEntries(
  Object.entries(PAGE_MODULES).map(([name, file]) => {
    const load = pageModules[`../${file}`];
    if (!load) throw new Error(`No page module ${file}`);
    if (!lazyPage.has(file)) lazyPage.set(file, lazy(load));
    return [name, lazyPage.get(file)!];
  }),
) as Record<AppRouteName, ComponentType>;
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
