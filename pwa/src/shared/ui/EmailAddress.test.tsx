import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './EmailAddress.tsx';

describe('an e-mail address on a narrow screen', () => {
  it('reads as the address, and may wrap only after the @ and before the dots of its domain', () => {
    const { container } = render(
      <p>
        <EmailAddress email="asha.rao@mail.example.com" />
      </p>,
    );
    const shown = container.querySelector('p')!;
    expect(shown.textContent).toBe('asha.rao@mail.example.com');
    expect(shown.innerHTML).toBe('asha.rao@<wbr>mail<wbr>.example<wbr>.com');
  });

  it('leaves text without an @ as it is', () => {
    const { container } = render(<EmailAddress email="not an address" />);
    expect(container.innerHTML).toBe('not an address');
  });
});
