import { Box, LinearProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { judgeWhenTypingPauses, type Strength, strengthReading } from './strengthReading.ts';

/** How hard a new password is to guess, as the password is typed. */
export function PasswordStrengthMeter({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const [strength, setStrength] = useState<Strength>();
  const inputs = userInputs.join('\n');
  useEffect(() => {
    if (!password) return setStrength(undefined);
    return judgeWhenTypingPauses(password, inputs.split('\n'), setStrength);
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
  const { percent, color, acceptable, text } = strengthReading(strength);
  return (
    <Box role="status" aria-live="polite" sx={{ mt: -1 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={color}
        aria-label="Password strength"
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" sx={{ mt: 0.5, color: acceptable ? 'text.secondary' : 'error.main' }}>
        {text}
      </Typography>
    </Box>
  );
}
