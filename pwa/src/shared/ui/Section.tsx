import { Box, Container, Typography, type BoxProps } from '@mui/material';
import { Suspense, type ReactNode } from 'react';

/**
 * A page section with generous spacing; `tone` sets its background. Its Suspense boundary lets a
 * prerendered page hydrate section by section, in short tasks, rather than all in one.
 */
export function Section({
  children,
  tone = 'default',
  maxWidth = 'lg',
  ...props
}: BoxProps & { tone?: 'default' | 'sand' | 'paper' | 'plum'; maxWidth?: 'sm' | 'md' | 'lg' }) {
  const bg = { default: 'transparent', sand: '#F3E7D7', paper: '#FFFFFF', plum: 'primary.dark' }[tone];
  return (
    <Box
      component="section"
      {...props}
      sx={{ py: { xs: 7, md: 11 }, bgcolor: bg, color: tone === 'plum' ? '#fff' : undefined, ...props.sx }}
    >
      <Suspense>
        <Container maxWidth={maxWidth}>{children}</Container>
      </Suspense>
    </Box>
  );
}

/** Overline, heading and an optional lead paragraph, centred above a section's content. */
export function SectionHeading({
  overline,
  title,
  lead,
  id,
  light = false,
  align = 'center',
}: {
  overline?: string;
  title: ReactNode;
  lead?: ReactNode;
  id?: string;
  light?: boolean;
  align?: 'center' | 'left';
}) {
  return (
    <Box
      sx={{
        textAlign: align,
        maxWidth: align === 'center' ? 720 : undefined,
        mx: align === 'center' ? 'auto' : 0,
        mb: { xs: 4, md: 6 },
      }}
    >
      {overline && (
        <Typography variant="overline" component="p" sx={{ color: light ? 'secondary.light' : 'secondary.main' }}>
          {overline}
        </Typography>
      )}
      <Typography variant="h2" id={id} sx={{ color: light ? '#fff' : 'primary.dark' }}>
        {title}
      </Typography>
      {lead && (
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ mt: 2, color: light ? 'rgba(255,255,255,0.85)' : 'text.secondary' }}
        >
          {lead}
        </Typography>
      )}
    </Box>
  );
}

/** The hero band at the top of the inner pages. */
export function PageHero({
  overline,
  title,
  lead,
  children,
}: {
  overline?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box
      component="section"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        py: { xs: 8, md: 12 },
        background:
          'radial-gradient(1200px 400px at 50% -10%, rgba(233,162,95,0.35), transparent 70%), linear-gradient(180deg, #F8EEDF 0%, #FBF6EF 100%)',
      }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center', position: 'relative' }}>
        {overline && (
          <Typography variant="overline" component="p" color="secondary.main">
            {overline}
          </Typography>
        )}
        <Typography variant="h1" sx={{ color: 'primary.dark' }}>
          {title}
        </Typography>
        {lead && (
          <Typography
            variant="subtitle1"
            component="p"
            sx={{ mt: 2.5, color: 'text.secondary', maxWidth: 640, mx: 'auto' }}
          >
            {lead}
          </Typography>
        )}
        {children && (
          // Hidden while empty: the children may be a component that shows only to some (the admin).
          <Box
            sx={{
              mt: 4,
              display: 'flex',
              gap: 2,
              justifyContent: 'center',
              flexWrap: 'wrap',
              '&:empty': { display: 'none' },
            }}
          >
            {children}
          </Box>
        )}
      </Container>
    </Box>
  );
}

/** Book a free call: the closing band most pages end with. */
export function ClosingCta({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ px: { xs: 2, md: 3 }, py: { xs: 6, md: 9 } }}>
      <Container
        maxWidth="lg"
        sx={{
          borderRadius: 8,
          py: { xs: 6, md: 9 },
          px: { xs: 3, md: 8 },
          textAlign: 'center',
          color: '#fff',
          background:
            'radial-gradient(700px 300px at 85% 0%, rgba(233,162,95,0.45), transparent 70%), linear-gradient(135deg, #4E2F5E 0%, #2F1B3A 100%)',
        }}
      >
        <Typography variant="h2" sx={{ color: '#fff' }}>
          {title}
        </Typography>
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ mt: 2, mb: 4, color: 'rgba(255,255,255,0.88)', maxWidth: 620, mx: 'auto' }}
        >
          {lead}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>{children}</Box>
      </Container>
    </Box>
  );
}
