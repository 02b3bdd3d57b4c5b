import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import StarIcon from '@mui/icons-material/Star';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  Grid,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useNavigate } from 'react-router';
import { BookingButton } from '../bookings/index.ts';
import { EnrolButton } from '../checkout/index.ts';
import type { Program } from './programs.ts';
import { quoteSx } from '../../shared/theme.ts';

/** Key outcomes shown before '+N more outcomes...'. */
export const KEY_OUTCOMES_SHOWN = 4;

function Heading({ children }: { children: string }) {
  return (
    <Typography variant="h5" component="h3" sx={{ color: 'primary.dark', mt: 4, mb: 1.5 }}>
      {children}
    </Typography>
  );
}

function CheckList({ items }: { items: string[] }) {
  return (
    <List dense disablePadding>
      {items.map((item) => (
        <ListItem key={item} disableGutters sx={{ alignItems: 'flex-start' }}>
          <ListItemIcon sx={{ minWidth: 32, mt: 0.5, color: 'success.main' }}>
            <CheckCircleIcon fontSize="small" aria-hidden />
          </ListItemIcon>
          <ListItemText primary={item} />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * A screen too short to keep the program's header standing while its details scroll (a phone of
 * 640 px held upright, or any phone turned sideways): there the whole dialog scrolls, header too.
 */
const SHORT_SCREEN = '@media (max-height: 740px)';

/** The detail dialog of one program. */
export function ProgramDialog({ program, onClose }: { program: Program | null; onClose: () => void }) {
  const navigate = useNavigate();
  const open = program !== null;
  const extraOutcomes = program ? program.outcomes.length - KEY_OUTCOMES_SHOWN : 0;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby="program-title"
      slotProps={{
        paper: { sx: { borderRadius: 5, m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } },
      }}
    >
      {program && (
        <>
          <Box
            sx={{
              position: 'relative',
              px: { xs: 3, md: 5 },
              pt: 4,
              pb: 3,
              color: '#fff',
              background:
                'radial-gradient(500px 200px at 90% 0%, rgba(233,162,95,0.45), transparent 70%), linear-gradient(135deg, #4E2F5E 0%, #2F1B3A 100%)',
            }}
          >
            <IconButton
              aria-label="Close"
              onClick={onClose}
              sx={{
                position: 'absolute',
                top: 8,
                right: 8,
                color: '#fff',
                // Where the header scrolls away, Close stays at hand in the corner, on a dark disc.
                [SHORT_SCREEN]: {
                  position: 'fixed',
                  top: 40,
                  right: 24,
                  zIndex: 1,
                  bgcolor: 'rgba(47, 27, 58, 0.7)',
                  '&:hover': { bgcolor: 'rgba(47, 27, 58, 0.85)' },
                },
              }}
            >
              <CloseIcon />
            </IconButton>
            <Chip label={program.category} size="small" sx={{ bgcolor: 'secondary.light', color: '#2F1B3A' }} />
            <Typography id="program-title" variant="h3" component="h2" sx={{ mt: 1.5, pr: 4 }}>
              {program.title}
            </Typography>
            <Typography sx={{ mt: 0.5, opacity: 0.9 }}>{program.subtitle}</Typography>
            <Typography sx={{ mt: 2, fontSize: '1.8rem', fontWeight: 700, color: '#FFE3A6' }}>
              {program.price}
            </Typography>
          </Box>
          <DialogContent sx={{ px: { xs: 3, md: 5 }, py: 1, [SHORT_SCREEN]: { overflowY: 'visible', flex: 'none' } }}>
            <Heading>About This Program</Heading>
            <Typography color="text.secondary">{program.description}</Typography>

            <Heading>Program Structure</Heading>
            <Grid container spacing={2}>
              {(
                [
                  ['Duration', program.structure.duration],
                  ['Format', program.structure.format],
                  ['Sessions', program.structure.sessions],
                  ['Type', program.structure.type],
                ] as const
              ).map(([label, value]) => (
                <Grid key={label} size={{ xs: 12, sm: 6 }}>
                  <Box sx={{ p: 2, borderRadius: 3, bgcolor: 'background.default', height: '100%' }}>
                    <Typography variant="overline" component="p" sx={{ color: 'secondary.dark', lineHeight: 1.6 }}>
                      {label}
                    </Typography>
                    <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
                  </Box>
                </Grid>
              ))}
            </Grid>

            <Heading>Key Outcomes</Heading>
            <CheckList items={program.outcomes.slice(0, KEY_OUTCOMES_SHOWN)} />
            {extraOutcomes > 0 && (
              <Typography sx={{ color: 'secondary.dark', fontWeight: 600, mt: 0.5 }}>
                +{extraOutcomes} more outcomes...
              </Typography>
            )}

            <Heading>What You'll Experience</Heading>
            <CheckList items={program.outcomes} />

            <Heading>Perfect For You If...</Heading>
            <CheckList items={program.idealFor} />

            {program.bonuses.length > 0 && (
              <>
                <Heading>Exclusive Bonuses</Heading>
                <List dense disablePadding>
                  {program.bonuses.map((bonus) => (
                    <ListItem key={bonus} disableGutters>
                      <ListItemIcon sx={{ minWidth: 32, color: 'secondary.main' }}>
                        <CardGiftcardIcon fontSize="small" aria-hidden />
                      </ListItemIcon>
                      <ListItemText primary={bonus} />
                    </ListItem>
                  ))}
                </List>
              </>
            )}

            <Heading>What Clients Say</Heading>
            <Grid container spacing={2}>
              {program.testimonials.map((t) => (
                <Grid key={t.name} size={{ xs: 12, md: 4 }}>
                  <Box component="figure" sx={{ m: 0, p: 2.5, borderRadius: 3, bgcolor: '#F3E7D7', height: '100%' }}>
                    <Box role="img" aria-label="5 out of 5 stars" sx={{ color: '#8A5A00', display: 'flex' }}>
                      {Array.from({ length: 5 }, (_, i) => (
                        <StarIcon key={i} fontSize="small" aria-hidden />
                      ))}
                    </Box>
                    <Typography component="blockquote" sx={{ m: 0, mt: 1, fontStyle: 'italic' }}>
                      “{t.quote}”
                    </Typography>
                    <Typography component="figcaption" variant="body2" sx={{ mt: 1, fontWeight: 700 }}>
                      {t.name}
                      <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                        {' '}
                        · {t.location}
                      </Box>
                    </Typography>
                  </Box>
                </Grid>
              ))}
            </Grid>

            <Typography sx={{ ...quoteSx, mt: 4, textAlign: 'center', fontSize: '1.5rem' }}>{program.cta}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', my: 3 }}>
              <EnrolButton programId={program.id} size="large" />
              <BookingButton size="large">Book Now</BookingButton>
              <Button
                size="large"
                variant="outlined"
                startIcon={<AutoAwesomeIcon />}
                onClick={() => {
                  onClose();
                  navigate(`/ask-ai?prompt=${encodeURIComponent(program.aiPrompt)}`);
                }}
              >
                Ask My AI About This Program
              </Button>
            </Stack>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
