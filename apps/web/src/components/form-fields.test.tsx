import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { FormBanner } from './form-banner';
import { SelectField, TextField } from './form-fields';

describe('form building blocks', () => {
  it('labels a text field and links its hint', () => {
    render(<TextField label="Email" name="email" hint="We never share it" />);
    const input = screen.getByLabelText('Email');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We never share it');
  });

  it('marks a field with an error invalid and describes it with the error text', () => {
    render(<TextField label="Email" name="email" hint="We never share it" error="Email required" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Email required');
  });

  it('gives a select its placeholder option and its error', () => {
    render(
      <SelectField
        label="Shipping region"
        placeholder="Select shipping region"
        options={[{ value: 'US', label: 'United States' }]}
        error="Shipping region required"
        value=""
        onChange={() => undefined}
      />,
    );
    const select = screen.getByLabelText('Shipping region');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Shipping region required');
    expect(screen.getByRole('option', { name: 'Select shipping region' })).toHaveValue('');
  });

  it('disables a pending button and marks it busy', () => {
    render(<Button pending>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('announces error banners at once and others politely', () => {
    render(
      <>
        <FormBanner tone="error">Oh no</FormBanner>
        <FormBanner tone="success">Saved</FormBanner>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Oh no');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });
});
