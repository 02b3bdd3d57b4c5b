import { Alert, Button } from '@mui/material';

/** What shows when a read from the API failed, with a retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      We couldn’t load {what}. Please try again.
    </Alert>
  );
}
