import { Fragment } from 'react';

/**
 * An e-mail address that, where it must wrap, wraps after its @ and before the dots of its
 * domain, instead of wherever the line runs out ("asha@example.co" / "m").
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const domain = email.slice(at + 1).split('.');
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {domain.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {index > 0 && '.'}
          {part}
        </Fragment>
      ))}
    </>
  );
}
