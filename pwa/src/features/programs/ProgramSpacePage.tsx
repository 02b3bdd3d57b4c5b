import LockOpenIcon from '@mui/icons-material/LockOpen';
import SpaIcon from '@mui/icons-material/Spa';
import type { PortalProgram, PortalStage } from '@coach/contracts';
import { isProgramId, PROGRAM_PRICES } from '@coach/site-rules';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Container,
  LinearProgress,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { getQueryFn } from '../../shared/api/client.ts';
import { formatDateTime, formatLongDate } from '../../shared/dates.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { useOnline } from '../../shared/pwa/useOnline.ts';
import { ExternalButton } from '../../shared/ui/ExternalButton.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageFallback } from '../../shared/ui/PageFallback.tsx';
import { PromptCard } from '../../shared/ui/PromptCard.tsx';
import { AgreementForm } from './AgreementForm.tsx';
import { HomeworkList } from './HomeworkList.tsx';
import { IntakeForm } from './IntakeForm.tsx';
import { PORTAL_KEY } from './queries.ts';
import { ResourceList } from './ResourceList.tsx';

/** One part of her space: a card with its heading. */
function Part({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Card component="section" aria-labelledby={`${id ?? title}-heading`}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
        <Typography id={`${id ?? title}-heading`} variant="h4" component="h2" sx={{ color: 'primary.dark', mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const STEP_OF: Record<PortalStage, number> = { intake: 0, agreement: 1, ready: 2 };

/** Intake, agreement, booking: the steps the program has, and where she is. */
function Steps({ program }: { program: PortalProgram }) {
  const steps: { stage: PortalStage; label: string }[] = [
    ...(program.intake.questions.length ? [{ stage: 'intake' as const, label: 'Intake' }] : []),
    ...(program.agreement.text ? [{ stage: 'agreement' as const, label: 'Agreement' }] : []),
    { stage: 'ready', label: 'Book your sessions' },
  ];
  if (steps.length === 1) return null;
  const active = steps.findIndex((s) => STEP_OF[s.stage] >= STEP_OF[program.stage]);
  return (
    <Stepper activeStep={active} alternativeLabel aria-label="Your steps" sx={{ mb: 1 }}>
      {steps.map((s) => (
        <Step key={s.stage}>
          <StepLabel>{s.label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

/** What comes next: the intake, the agreement, or booking her sessions. */
function NextStep({ program, online }: { program: PortalProgram; online: boolean }) {
  if (program.stage === 'intake')
    return (
      <Part title="Before we begin" id="next">
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          A few questions so your first session starts where you are. Your answers go to your coach alone.
        </Typography>
        {online ? <IntakeForm program={program} /> : <OfflineForm />}
      </Part>
    );
  if (program.stage === 'agreement')
    return (
      <Part title="Your coaching agreement" id="next">
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Please read it and sign with your full name. Your sessions open once it is signed.
        </Typography>
        {online ? <AgreementForm program={program} /> : <OfflineForm />}
      </Part>
    );
  const { used, included } = program.sessions;
  return (
    <Part title="Your sessions" id="next">
      {included > 0 && (
        <Box sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 700 }}>
            {used} of {included} sessions used
          </Typography>
          <LinearProgress
            variant="determinate"
            value={(used / included) * 100}
            aria-label={`${used} of ${included} sessions used`}
            sx={{ height: 8, borderRadius: 4, mt: 1 }}
          />
        </Box>
      )}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {program.nextSession
          ? `Your next session: ${formatDateTime(new Date(program.nextSession.startTime))}${program.nextSession.eventName ? ` (${program.nextSession.eventName})` : ''}.`
          : 'No session booked yet. Choose a time that suits you.'}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {program.bookingUrl && (
          <ExternalButton href={program.bookingUrl} variant="contained" color="secondary" size="large">
            Book a session
          </ExternalButton>
        )}
        {program.nextSession?.joinUrl && (
          <ExternalButton href={program.nextSession.joinUrl} variant="outlined" size="large">
            Join the next session
          </ExternalButton>
        )}
      </Stack>
    </Part>
  );
}

function OfflineForm() {
  return <Alert severity="info">You are offline. This step can be taken once you are back online.</Alert>;
}

function ProgramSpace({ program }: { program: PortalProgram }) {
  const online = useOnline();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="overline" sx={{ color: 'secondary.main', letterSpacing: 2 }}>
        Your program space
      </Typography>
      <Typography variant="h2" component="h1" sx={{ color: 'primary.dark', mb: 2 }}>
        {program.title}
      </Typography>
      {!online && (
        <Alert severity="info" sx={{ mb: 3 }}>
          You are offline: this is your space as it was on your last visit. Files you keep offline still open.
        </Alert>
      )}
      <Steps program={program} />
      <Stack spacing={3} sx={{ mt: 2 }}>
        {program.welcome && (
          <Part title="Welcome">
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{program.welcome}</Typography>
          </Part>
        )}
        <NextStep program={program} online={online} />
        <Part title="Your files">
          <ResourceList resources={program.resources} />
        </Part>
        <Part title="Notes from your coach">
          {program.notes.length === 0 ? (
            <Typography color="text.secondary">
              Notes your coach shares after your sessions will appear here.
            </Typography>
          ) : (
            <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Notes from your coach">
              {program.notes.map((n) => (
                <li key={n.id}>
                  <Typography variant="body2" color="text.secondary">
                    {formatLongDate(n.createdAt)}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap' }}>{n.text}</Typography>
                </li>
              ))}
            </Stack>
          )}
        </Part>
        <Part title="Homework">
          <HomeworkList homework={program.homework} />
        </Part>
      </Stack>
    </Container>
  );
}

/**
 * A client's space of a program she bought (/programs/{programId}): the welcome, her next step
 * (intake, agreement, then booking), files, shared notes and homework. Read from the network
 * first and, offline, as the service worker kept it on her last visit.
 */
export default function ProgramSpacePage() {
  const { programId = '' } = useParams();
  const name = isProgramId(programId) ? PROGRAM_PRICES[programId].name : 'Your program';
  usePageTitle(name);
  const portal = useQuery({ queryKey: PORTAL_KEY, queryFn: getQueryFn<PortalProgram[]>({ on401: 'returnNull' }) });
  if (portal.isPending) return <PageFallback />;
  if (portal.isError)
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <LoadError what="your program space" onRetry={() => void portal.refetch()} />
      </Container>
    );
  if (portal.data === null)
    return (
      <PromptCard
        icon={<LockOpenIcon />}
        title="Your program space"
        titleVariant="h2"
        lead="Sign in with the account you joined the program with to open your space: your files, notes and sessions."
      >
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          Sign In
        </Button>
      </PromptCard>
    );
  const program = portal.data.find((p) => p.programId === programId);
  if (!program)
    return (
      <PromptCard
        icon={<SpaIcon />}
        title={name}
        titleVariant="h2"
        lead="This space opens once you have joined the program. If you bought it as a visitor, open the link in your receipt e-mail to add it to your account."
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          {isProgramId(programId) && (
            <Button component={RouterLink} to={`/checkout/${programId}`} variant="contained" size="large">
              Join the program
            </Button>
          )}
          <Button component={RouterLink} to="/profile" variant="outlined" size="large">
            Go to your profile
          </Button>
        </Stack>
      </PromptCard>
    );
  return <ProgramSpace program={program} />;
}
