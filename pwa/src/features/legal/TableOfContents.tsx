import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Link, Typography, useMediaQuery } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '../../shared/hooks/useHydrated.ts';
import { palette } from '../../shared/palette.ts';
import type { LegalSection } from './documents/types.ts';

interface Props {
  sections: readonly Pick<LegalSection, 'id' | 'title'>[];
  /** id of the section being read, highlighted */
  active: string | undefined;
  /** the reader chose a section */
  onChoose: (id: string) => void;
}

/**
 * The contents of a legal page: always open beside the text on wide screens, a disclosure at the
 * top of the page on narrow ones. Each entry is a plain anchor, so the browser scrolls (smoothly,
 * unless the reader prefers reduced motion) and updates the address with the section's hash.
 */
export function TableOfContents({ sections, active, onChoose }: Props) {
  const theme = useTheme();
  // Read at once in the browser; a prerendered page is narrow until hydrated, like its HTML.
  const wideScreen = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const wide = useHydrated() && wideScreen;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const expanded = wide || open;
  const navRef = useRef<HTMLElement>(null);

  // A long list scrolls inside its sticky box: keep the highlighted entry visible in it.
  useEffect(() => {
    const nav = navRef.current;
    const link = nav?.querySelector('[aria-current="location"]');
    if (!nav || !link || nav.scrollHeight <= nav.clientHeight) return;
    const box = nav.getBoundingClientRect();
    const entry = link.getBoundingClientRect();
    if (entry.top < box.top || entry.bottom > box.bottom)
      nav.scrollTop += entry.top - box.top - (box.height - entry.height) / 2;
  }, [active]);

  return (
    <Box
      component="nav"
      ref={navRef}
      aria-label="Table of contents"
      sx={{
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 4,
        bgcolor: 'background.paper',
        p: { xs: 1, md: 2.5 },
        maxHeight: { md: 'calc(100vh - 132px)' },
        overflowY: { md: 'auto' },
      }}
    >
      {wide ? (
        <Typography variant="overline" component="p" sx={{ color: 'secondary.dark', px: 1.5, lineHeight: 2 }}>
          On this page
        </Typography>
      ) : (
        <Button
          fullWidth
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          endIcon={
            <ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 200ms' }} />
          }
          sx={{ justifyContent: 'space-between', color: 'primary.dark', px: 2 }}
        >
          Contents ({sections.length} sections)
        </Button>
      )}
      <Box
        component="ol"
        id={listId}
        hidden={!expanded}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          pt: { xs: 0.5, md: 1 },
          display: 'grid',
          gap: 0.25,
          '&[hidden]': { display: 'none' },
        }}
      >
        {sections.map((section, index) => {
          const current = section.id === active;
          return (
            <li key={section.id}>
              <Link
                href={`#${section.id}`}
                underline="none"
                aria-current={current ? 'location' : undefined}
                onClick={() => {
                  onChoose(section.id);
                  setOpen(false);
                }}
                sx={{
                  display: 'flex',
                  gap: 1,
                  px: 1.5,
                  py: 0.875,
                  borderRadius: 2,
                  borderLeft: '3px solid',
                  borderColor: current ? 'secondary.main' : 'transparent',
                  bgcolor: current ? alpha(palette.saffronLight, 0.16) : 'transparent',
                  color: current ? 'primary.dark' : 'text.secondary',
                  fontWeight: current ? 700 : 500,
                  fontSize: '0.95rem',
                  lineHeight: 1.45,
                  transition: 'background-color 160ms, color 160ms',
                  '&:hover': { color: 'primary.dark', bgcolor: alpha(palette.plum, 0.06) },
                }}
              >
                <Box
                  component="span"
                  sx={{ minWidth: '1.6em', color: 'secondary.dark', fontVariantNumeric: 'tabular-nums' }}
                >
                  {index + 1}.
                </Box>
                {section.title}
              </Link>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
