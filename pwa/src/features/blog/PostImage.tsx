import { Box, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';

/**
 * A post image that swaps to a bundled fallback when it is missing or fails to load.
 * `eager` is for an image in the first viewport (the page's likely largest paint): loaded at once,
 * at high priority.
 */
export function PostImage({
  src,
  fallback,
  alt,
  sx,
  eager = false,
}: {
  src: string | undefined;
  fallback: string;
  alt: string;
  sx?: SxProps<Theme>;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? fallback : src;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      width={1200}
      height={600}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      onError={() => setFailed(true)}
      sx={{ display: 'block', width: '100%', objectFit: 'cover', ...sx }}
    />
  );
}
