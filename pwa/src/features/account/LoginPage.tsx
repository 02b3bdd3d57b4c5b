import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function LoginPage() {
  return <PlaceholderPage title="Sign In" />;
}
