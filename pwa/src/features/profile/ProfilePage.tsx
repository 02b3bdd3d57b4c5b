import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function ProfilePage() {
  return <PlaceholderPage title="My Profile" />;
}
