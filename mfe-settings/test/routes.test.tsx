import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import SettingsRoutes from '../src/routes';

describe('mfe-settings ./routes', () => {
  it('renders the screen for a path it owns', () => {
    render(
      <MemoryRouter initialEntries={['/settings/company']}>
        <SettingsRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Company Info' })).toBeInTheDocument();
  });

  it('renders nothing for a path it does not own (the shell shows not-found)', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/elsewhere']}>
        <SettingsRoutes />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
