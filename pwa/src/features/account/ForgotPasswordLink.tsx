import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** Under the password of both sign-in forms: the way back into an account. */
export function ForgotPasswordLink() {
  return (
    <Link
      component={RouterLink}
      to="/forgot-password"
      sx={{ alignSelf: 'flex-end', mt: '-8px !important', fontWeight: 600 }}
    >
      Forgot password?
    </Link>
  );
}
