import type { BlogMonth } from '@coach/contracts';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { formatMonth } from '../../shared/dates.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { PageHero, Section } from '../../shared/ui/Section.tsx';
import { BLOG_POSTS_KEY, blogAddress } from './blogList.ts';

/** The archive's query: the months with posts (GET /api/blog/posts/months), kept offline with the list. */
export const BLOG_MONTHS_KEY = [...BLOG_POSTS_KEY, 'months'] as const;

/** The months of a year, newest first. */
function byYear(months: BlogMonth[]): Array<[string, BlogMonth[]]> {
  const years = new Map<string, BlogMonth[]>();
  for (const month of months) {
    const year = month.month.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), month]);
  }
  return [...years];
}

/** /blog/archive: every month with posts, each linking to that month's posts (/blog?month=YYYY-MM). */
export default function BlogArchivePage() {
  usePageTitle('Blog Archive');
  const months = useQuery<BlogMonth[]>({ queryKey: BLOG_MONTHS_KEY, retry: false });
  return (
    <>
      <PageHero overline="The blog" title="Archive" lead="Every post, month by month." />
      <Section sx={{ pt: { xs: 4, md: 6 } }} maxWidth="md">
        <QueryState
          query={months}
          what="the archive"
          emptyTitle="No posts yet"
          emptyText="The first posts will appear here."
        >
          {(rows) =>
            byYear(rows).map(([year, inYear]) => (
              <Card key={year} component="section" aria-labelledby={`archive-${year}`} sx={{ mb: 3 }}>
                <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
                  <Typography id={`archive-${year}`} variant="h5" component="h2" sx={{ color: 'primary.dark', mb: 2 }}>
                    {year}
                  </Typography>
                  <Box
                    component="ul"
                    sx={{
                      listStyle: 'none',
                      p: 0,
                      m: 0,
                      display: 'grid',
                      gap: 1,
                      gridTemplateColumns: { sm: '1fr 1fr' },
                    }}
                  >
                    {inYear.map(({ month, count }) => (
                      <li key={month}>
                        <Button
                          component={RouterLink}
                          to={blogAddress({ month })}
                          sx={{ justifyContent: 'flex-start' }}
                        >
                          {formatMonth(month)} ({count} {count === 1 ? 'post' : 'posts'})
                        </Button>
                      </li>
                    ))}
                  </Box>
                </CardContent>
              </Card>
            ))
          }
        </QueryState>
        <Box sx={{ textAlign: 'center', mt: 4 }}>
          <Button component={RouterLink} to="/blog" variant="outlined">
            Back to the newest posts
          </Button>
        </Box>
      </Section>
    </>
  );
}
