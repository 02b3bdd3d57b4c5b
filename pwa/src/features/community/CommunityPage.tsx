import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function CommunityPage() {
  return <PlaceholderPage title="Sacred Circle" />;
}
