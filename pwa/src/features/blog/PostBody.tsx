import { Box, Typography } from '@mui/material';

/**
 * The post body: '# ' starts a level-2 heading, '## ' a level-3 heading, blank lines are
 * skipped, any other line is a paragraph; no content shows 'Content not available.'
 */
export function PostBody({ content }: { content: string | null | undefined }) {
  if (!content || !content.trim()) return <Typography color="text.secondary">Content not available.</Typography>;
  const blocks = content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <Box
      sx={{
        '& h2': { mt: 5, mb: 2 },
        '& h3': { mt: 4, mb: 1.5 },
        '& p': { mb: 2.5, fontSize: '1.1rem', lineHeight: 1.85 },
      }}
    >
      {blocks.map((line, i) => {
        if (line.startsWith('# '))
          return (
            <Typography key={i} variant="h3" component="h2" sx={{ color: 'primary.dark' }}>
              {line.slice(2)}
            </Typography>
          );
        if (line.startsWith('## '))
          return (
            <Typography key={i} variant="h4" component="h3" sx={{ color: 'primary.dark' }}>
              {line.slice(3)}
            </Typography>
          );
        return <Typography key={i}>{line}</Typography>;
      })}
    </Box>
  );
}
