import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function SignupPage() {
  return <PlaceholderPage title="Join the Journey" />;
}
