import { Button, type ButtonProps } from '@mui/material';

export type ExternalButtonProps = Omit<ButtonProps<'a'>, 'component' | 'target' | 'rel'> & { href: string };

/** A button that opens an external page in a new tab. */
export function ExternalButton({ children, ...props }: ExternalButtonProps) {
  return (
    <Button component="a" target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </Button>
  );
}
