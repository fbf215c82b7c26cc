import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { forgotPasswordEmailForm } from '@shared/api/schemas/auth';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

function EmailForm() {
  const form = useForm({ resolver: zodResolver(forgotPasswordEmailForm), defaultValues: { email: '' } });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <Field control={form.control} name="email" label="Email" required>
        {({ field, ...aria }) => <Input type="email" {...field} {...aria} />}
      </Field>
      <Button type="submit">Send code</Button>
    </form>
  );
}

describe('Field', () => {
  it('labels the control, marks it required and shows the schema message under it', async () => {
    render(<EmailForm />);
    const input = screen.getByLabelText(/Email/);
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('*')).toHaveClass('text-destructive');

    await userEvent.type(input, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid email address');
  });
});
