import EventNoteIcon from '@mui/icons-material/EventNote';
import { Box, Container, Typography } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { palette } from '../../shared/palette.ts';
import { PageHero } from '../../shared/ui/Section.tsx';
import type { LegalDocument } from './documents/types.ts';
import { LEGAL_LAST_UPDATED } from './pages.ts';
import { TableOfContents } from './TableOfContents.tsx';
import { useActiveSection } from './useActiveSection.ts';

/** The prose of the policy texts: plain paragraphs, lists, sub-headings and strong words. */
const proseSx = {
  fontSize: '1.02rem',
  lineHeight: 1.8,
  '& p': { m: 0, mb: 2 },
  '& ul': { m: 0, mb: 2.5, pl: 3 },
  '& li': { mb: 0.75, pl: 0.5 },
  '& li::marker': { color: 'secondary.main' },
  '& h3': (theme: Theme) => ({
    ...theme.typography.h5,
    color: theme.palette.primary.dark,
    marginTop: theme.spacing(3.5),
    marginBottom: theme.spacing(1),
  }),
  '& strong': { fontWeight: 700, color: 'primary.dark' },
} as const;

/**
 * The shared page of the six legal texts: title and date, a table of contents (sticky beside the
 * text on wide screens, collapsible above it on narrow ones) and the numbered sections.
 */
export function LegalLayout({ title, content }: { title: string; content: LegalDocument }) {
  usePageTitle(title);
  const { sections } = content;
  const ids = useMemo(() => sections.map((section) => section.id), [sections]);
  const { hash } = useLocation();
  // The section named in the address when the page opened (a shared or bookmarked link).
  const [arrivalId] = useState(() => {
    const id = decodeURIComponent(hash.slice(1));
    return ids.includes(id) ? id : undefined;
  });
  const [active, choose] = useActiveSection(ids, arrivalId);

  useEffect(() => {
    if (!arrivalId) return;
    // Once the web fonts are in, as the text above the section will stay: the browser's own scroll
    // to the address's section may be aimed before a font arrives and reflows that text (40 px
    // shorter on a wide screen), which would leave the section's heading under the header.
    let frame = 0;
    let left = false;
    void document.fonts.ready.then(() => {
      if (left) return;
      frame = requestAnimationFrame(() =>
        document.getElementById(arrivalId)?.scrollIntoView({ behavior: 'instant', block: 'start' }),
      );
    });
    return () => {
      left = true;
      cancelAnimationFrame(frame);
    };
  }, [arrivalId]);

  return (
    <>
      <PageHero overline="Legal & Policies" title={title} lead={content.summary}>
        <Typography
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 0.75,
            borderRadius: 999,
            bgcolor: alpha('#FFFFFF', 0.75),
            border: '1px solid',
            borderColor: alpha(palette.plum, 0.14),
            color: 'primary.dark',
            fontWeight: 600,
          }}
        >
          <EventNoteIcon fontSize="small" aria-hidden sx={{ color: 'secondary.main' }} />
          {`Last Updated: ${LEGAL_LAST_UPDATED}`}
        </Typography>
      </PageHero>
      <Container maxWidth="lg" sx={{ pt: { xs: 3, md: 2 }, pb: { xs: 6, md: 10 } }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
            gap: { xs: 4, md: 6, lg: 8 },
            alignItems: 'start',
          }}
        >
          <Box sx={{ position: { md: 'sticky' }, top: { md: 92, lg: 108 } }}>
            <TableOfContents sections={sections} active={active} onChoose={choose} />
          </Box>
          <Box sx={{ ...proseSx, maxWidth: 760 }}>
            {sections.map((section, index) => (
              <Box
                component="section"
                key={section.id}
                id={section.id}
                sx={{
                  pb: { xs: 3, md: 4 },
                  mb: { xs: 4, md: 5 },
                  borderBottom: '1px solid',
                  borderColor: 'divider',
                  '&:last-of-type': { borderBottom: 0, mb: 0, pb: 0 },
                }}
              >
                <Typography variant="h3" component="h2" sx={{ color: 'primary.dark', mb: 2 }}>
                  <Box component="span" sx={{ color: 'secondary.main', mr: 1.5 }}>
                    {index + 1}.
                  </Box>
                  {section.title}
                </Typography>
                {section.body}
              </Box>
            ))}
          </Box>
        </Box>
      </Container>
    </>
  );
}
