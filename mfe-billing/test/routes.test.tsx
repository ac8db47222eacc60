import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import BillingRoutes from '../src/routes';

describe('mfe-billing ./routes', () => {
  it('renders the screen for a path it owns', () => {
    render(
      <MemoryRouter initialEntries={['/pricing']}>
        <BillingRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
  });

  it('renders nothing for a path it does not own (the shell shows not-found)', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/elsewhere']}>
        <BillingRoutes />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
