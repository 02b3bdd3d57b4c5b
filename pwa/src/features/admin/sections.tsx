import type { ReactNode } from 'react';
import { SecuritySection } from '../account/index.ts';
import { BlogPostsTab } from './BlogPostsTab.tsx';
import { ClientsTab } from './ClientsTab.tsx';
import { InsightsTab } from './InsightsTab.tsx';
import { MessagesTab } from './MessagesTab.tsx';
import { ModerationTab } from './ModerationTab.tsx';
import { NewsletterTab } from './NewsletterTab.tsx';
import { ProgramsTab } from './ProgramsTab.tsx';
import { SalesTab } from './SalesTab.tsx';
import { SessionsTab } from './SessionsTab.tsx';
import { UsersTab } from './UsersTab.tsx';

/** The dashboard's sections, in the workspace's side navigation; each is /admin/dashboard?section={id}. */
export const DASHBOARD_SECTIONS: readonly { id: string; label: string; panel: ReactNode }[] = [
  { id: 'users', label: 'Users', panel: <UsersTab /> },
  { id: 'posts', label: 'Blog Posts', panel: <BlogPostsTab /> },
  { id: 'messages', label: 'Messages', panel: <MessagesTab /> },
  { id: 'sessions', label: 'Sessions', panel: <SessionsTab /> },
  { id: 'sales', label: 'Sales', panel: <SalesTab /> },
  { id: 'clients', label: 'Clients', panel: <ClientsTab /> },
  { id: 'programs', label: 'Programs', panel: <ProgramsTab /> },
  { id: 'newsletter', label: 'Newsletter', panel: <NewsletterTab /> },
  { id: 'insights', label: 'Insights', panel: <InsightsTab /> },
  { id: 'circle', label: 'Circle', panel: <ModerationTab /> },
  { id: 'security', label: 'Security', panel: <SecuritySection /> },
];

export const DASHBOARD_PATH = '/admin/dashboard';
export const sectionLink = (id: string) => `${DASHBOARD_PATH}?section=${id}`;

/** The section a dashboard URL names (?section=), the first one when it names none. */
export const chosenSection = (search: URLSearchParams) =>
  DASHBOARD_SECTIONS.find((s) => s.id === search.get('section')) ?? DASHBOARD_SECTIONS[0];
