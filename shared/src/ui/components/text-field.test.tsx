import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from './text-field';

describe('TextField', () => {
  it('binds the label to the input', async () => {
    const onChange = jest.fn();
    render(<TextField label="Name" value="" onChange={onChange} />);
    await userEvent.setup().type(screen.getByLabelText('Name'), 'a');
    expect(onChange).toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('shows only the first of several errors and links it to the input', () => {
    render(<TextField label="Email" error={['The email is taken', 'The email is too long']} defaultValue="x" />);
    const input = screen.getByLabelText('Email');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The email is taken');
    expect(screen.queryByText('The email is too long')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('The email is taken');
  });

  it('accepts a single message', () => {
    render(<TextField label="Email" error="Required" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Required');
  });

  it('shows the hint while there is no error', () => {
    render(<TextField label="Color" hint="A hex colour" error={[]} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Color')).toHaveAccessibleDescription('A hex colour');
  });
});
