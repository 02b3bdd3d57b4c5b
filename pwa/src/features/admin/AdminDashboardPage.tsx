import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" />;
}
