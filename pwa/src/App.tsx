import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './shared/layout/Layout.tsx';

// Every page is its own chunk so the home route stays lean.
const HomePage = lazy(() => import('./features/home/HomePage.tsx'));
const AboutPage = lazy(() => import('./features/about/AboutPage.tsx'));
const CoachingPage = lazy(() => import('./features/coaching/CoachingPage.tsx'));
const TestimonialsPage = lazy(() => import('./features/testimonials/TestimonialsPage.tsx'));
const BlogListPage = lazy(() => import('./features/blog/BlogListPage.tsx'));
const BlogPostPage = lazy(() => import('./features/blog/BlogPostPage.tsx'));
const AskAiPage = lazy(() => import('./features/ask-ai/AskAiPage.tsx'));
const ContactPage = lazy(() => import('./features/contact/ContactPage.tsx'));
const NotFoundPage = lazy(() => import('./features/not-found/NotFoundPage.tsx'));
// Accounts, community, profile, admin and legal (spec members-admin-legal) live in their own folders.
const LoginPage = lazy(() => import('./features/account/LoginPage.tsx'));
const SignupPage = lazy(() => import('./features/account/SignupPage.tsx'));
const CommunityPage = lazy(() => import('./features/community/CommunityPage.tsx'));
const ProfilePage = lazy(() => import('./features/profile/ProfilePage.tsx'));
const AdminLoginPage = lazy(() => import('./features/admin/AdminLoginPage.tsx'));
const AdminDashboardPage = lazy(() => import('./features/admin/AdminDashboardPage.tsx'));
const LegalPage = lazy(() => import('./features/legal/LegalPage.tsx'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="coaching" element={<CoachingPage />} />
        <Route path="testimonials" element={<TestimonialsPage />} />
        <Route path="blog" element={<BlogListPage />} />
        <Route path="blog/:slug" element={<BlogPostPage />} />
        <Route path="ask-ai" element={<AskAiPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="community" element={<CommunityPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="admin/login" element={<AdminLoginPage />} />
        <Route path="admin-login" element={<AdminLoginPage />} />
        <Route path="admin/dashboard" element={<AdminDashboardPage />} />
        <Route path="legal/:slug" element={<LegalPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
