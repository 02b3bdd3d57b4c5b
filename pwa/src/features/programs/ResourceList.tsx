import AudioIcon from '@mui/icons-material/Headphones';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { PortalResource } from '@coach/contracts';
import { Box, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useKeptOffline } from './offlineFiles.ts';
import { resourceUrl } from './queries.ts';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

const isAudio = (r: PortalResource) => r.contentType.startsWith('audio/');

function TypeIcon({ resource }: { resource: PortalResource }) {
  if (isAudio(resource)) return <AudioIcon color="primary" aria-hidden />;
  if (resource.contentType.startsWith('image/')) return <ImageIcon color="primary" aria-hidden />;
  return <PdfIcon color="primary" aria-hidden />;
}

function Resource({ resource }: { resource: PortalResource }) {
  const url = resourceUrl(resource.id);
  const offline = useKeptOffline(url);
  return (
    <Box component="li" sx={{ py: 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TypeIcon resource={resource} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h4" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {resource.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {sizeText(resource.bytes)}
            {offline.kept && ' · Kept on this device'}
          </Typography>
          {isAudio(resource) ? (
            <Box
              component="audio"
              controls
              preload="none"
              src={url}
              aria-label={resource.title}
              sx={{ width: '100%', mt: 1 }}
            />
          ) : (
            <Button size="small" href={url} target="_blank" rel="noopener" sx={{ mt: 0.5, ml: -1 }}>
              Open
            </Button>
          )}
          {offline.supported && (
            <FormControlLabel
              sx={{ display: 'flex', mt: 0.5 }}
              control={
                <Switch
                  checked={offline.kept ?? false}
                  disabled={offline.kept === undefined || offline.busy}
                  onChange={() => void offline.toggle()}
                />
              }
              label={offline.busy ? (offline.kept ? 'Removing…' : 'Downloading…') : 'Available offline'}
            />
          )}
          {offline.failed && (
            <Typography variant="body2" color="error" role="alert">
              {offline.kept
                ? 'The file could not be removed.'
                : 'The file could not be downloaded. Check your connection and try again.'}
            </Typography>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

/** The program's files: audio plays here, others open; any may be kept on the device. */
export function ResourceList({ resources }: { resources: PortalResource[] }) {
  if (resources.length === 0)
    return <Typography color="text.secondary">Your coach has not shared any files for this program yet.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Program files">
      {resources.map((r) => (
        <Resource key={r.id} resource={r} />
      ))}
    </Box>
  );
}
