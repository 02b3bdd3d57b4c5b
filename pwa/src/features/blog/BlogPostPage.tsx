import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function BlogPostPage() {
  return <PlaceholderPage title="Blog" />;
}
