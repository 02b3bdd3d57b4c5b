import type { ReactNode } from 'react';

/** One numbered part of a policy: its anchor id, its heading and its prose. */
export interface LegalSection {
  /** kebab-case anchor id, the target of the table of contents */
  id: string;
  title: string;
  body: ReactNode;
}

/** The content of one legal page; its title and slug live in LEGAL_PAGES. */
export interface LegalDocument {
  /** one or two sentences under the title saying what the page covers */
  summary: string;
  sections: LegalSection[];
}
