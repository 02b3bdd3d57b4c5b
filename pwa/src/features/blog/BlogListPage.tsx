import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function BlogListPage() {
  return <PlaceholderPage title="Spiritual Insights" />;
}
