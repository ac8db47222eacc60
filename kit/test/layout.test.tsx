import { Button } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { EmptyState, PageHeader } from '../src';

describe('PageHeader', () => {
  it("shows the screen's one heading, its subtitle and its actions", () => {
    render(<PageHeader title="Brands" subtitle="What you sell, by maker." actions={<Button>Add brand</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Brands' })).toBeInTheDocument();
    expect(screen.getByText('What you sell, by maker.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add brand' })).toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('says what is missing and offers the way to add the first one', () => {
    render(<EmptyState title="No brands yet" body="Add the makers you stock." action={<Button>Add brand</Button>} />);
    expect(screen.getByRole('status')).toHaveTextContent('No brands yetAdd the makers you stock.');
    expect(screen.getByRole('button', { name: 'Add brand' })).toBeInTheDocument();
  });
});
