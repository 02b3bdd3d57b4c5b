import { Card, CardContent, Container, Typography, type TypographyProps } from '@mui/material';
import type { ReactNode } from 'react';
import { IconBadge } from './IconBadge.tsx';

/** A page that only asks the visitor to do something first (sign in, use an admin account). */
export function PromptCard({
  icon,
  title,
  titleVariant,
  lead,
  children,
}: {
  icon: ReactNode;
  title: string;
  titleVariant: TypographyProps['variant'];
  lead: string;
  /** The actions. */
  children: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <IconBadge>{icon}</IconBadge>
          <Typography variant={titleVariant} component="h1" sx={{ color: 'primary.dark', mb: 1.5 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            {lead}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}
