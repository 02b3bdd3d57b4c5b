import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function AdminLoginPage() {
  return <PlaceholderPage title="Admin Login" />;
}
