import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PhoneLink } from './PhoneLink';

describe('PhoneLink', () => {
  it('shows a stored number formatted and dials it with tel:', () => {
    render(<PhoneLink phone="5125550134" />);
    const link = screen.getByRole('link', { name: '(512) 555-0134' });
    expect(link.getAttribute('href')).toBe('tel:+15125550134');
    expect(screen.queryByText('5125550134')).toBeNull();
  });

  it('keeps a click on the number from reaching the row around it', () => {
    const onRow = vi.fn();
    render(
      <div onClick={onRow}>
        <PhoneLink phone="5125550134" />
      </div>,
    );
    screen.getByRole('link').click();
    expect(onRow).not.toHaveBeenCalled();
  });

  it('shows nothing for an absent number', () => {
    const { container } = render(<PhoneLink phone={null} />);
    expect(container.innerHTML).toBe('');
  });
});
