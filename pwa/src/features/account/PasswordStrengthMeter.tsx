import { MIN_PASSWORD_SCORE } from '@coach/contracts';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';

const LABELS = ['Too easy to guess', 'Too easy to guess', 'Fair', 'Good', 'Strong'] as const;
const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

/**
 * How hard a new password is to guess, as the password is typed. The estimator and its word lists
 * load on first use, in a chunk of their own; the server applies the same rule on submit.
 */
export function PasswordStrengthMeter({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const [strength, setStrength] = useState<{ score: number; warning?: string }>();
  const inputs = userInputs.join('\n');
  useEffect(() => {
    if (!password) return setStrength(undefined);
    let current = true;
    const timer = setTimeout(() => {
      void import('./passwordStrength.ts').then(({ estimateStrength }) => {
        if (current) setStrength(estimateStrength(password, inputs.split('\n')));
      });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputs]);

  if (!password) return null;
  // Until the first estimate is in, its room is kept: a meter appearing later would move the
  // form's button down just as it is pressed.
  if (!strength)
    return (
      <Box aria-hidden sx={{ mt: -1, visibility: 'hidden' }}>
        <Box sx={{ height: 6 }} />
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Password strength
        </Typography>
      </Box>
    );
  const { score, warning } = strength;
  const acceptable = score >= MIN_PASSWORD_SCORE;
  return (
    <Box role="status" aria-live="polite" sx={{ mt: -1 }}>
      <LinearProgress
        variant="determinate"
        value={(score + 1) * 20}
        color={COLORS[score]}
        aria-label="Password strength"
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" sx={{ mt: 0.5, color: acceptable ? 'text.secondary' : 'error.main' }}>
        Password strength: {LABELS[score]}
        {!acceptable && (warning ? `. ${warning}` : '. Try a few unrelated words.')}
      </Typography>
    </Box>
  );
}
