import { useParams } from 'react-router';
import { NotFoundPage } from '../not-found/index.ts';
import { LEGAL_DOCUMENTS } from './documents/index.ts';
import { LegalLayout } from './LegalLayout.tsx';
import { LEGAL_PAGES } from './pages.ts';

/** /legal/{slug}: one of the six policy pages; any other slug is not found. */
export default function LegalPage() {
  const { slug } = useParams();
  const page = LEGAL_PAGES.find((p) => p.slug === slug);
  if (!page) return <NotFoundPage />;
  return <LegalLayout title={page.title} content={LEGAL_DOCUMENTS[page.slug]} />;
}
