import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { Button } from './button';
import { applyServerErrors, fieldError, Form, serverFieldErrors, useZodForm } from './form';
import { SelectField } from './field';
import { TextField } from './text-field';

const schema = z.object({
  title: z.string().trim().min(1, 'Give it a title.'),
  seats: z
    .string()
    .regex(/^\d+$/, 'Seats is a whole number.')
    .transform((value) => Number(value)),
  kind: z.enum(['full', 'micro']),
});

function Demo({ serverError, onSaved }: { serverError?: unknown; onSaved: (body: unknown) => void }) {
  const form = useZodForm(schema, { defaultValues: { title: '', seats: '', kind: 'full' } });
  const [whole, setWhole] = useState<unknown>(null);
  return (
    <Form
      form={form}
      onSubmit={(body) => {
        if (serverError === undefined) return onSaved(body);
        if (!applyServerErrors(form, serverError, { kind_code: 'kind', seats: 'seats' }))
          setWhole(serverError);
      }}
    >
      <TextField label="Title" error={fieldError(form, 'title')} {...form.register('title')} />
      <TextField label="Seats" error={fieldError(form, 'seats')} {...form.register('seats')} />
      <SelectField label="Kind" error={fieldError(form, 'kind')} {...form.register('kind')}>
        <option value="full">Full</option>
        <option value="micro">Micro</option>
      </SelectField>
      {whole ? <p role="alert">Whole-form error</p> : null}
      <Button type="submit">Save</Button>
    </Form>
  );
}

const apiError = (details: { path: string; message: string }[]) =>
  new ApiError('VALIDATION_ERROR', 'Check the highlighted fields.', 400, details);

describe('useZodForm + Form', () => {
  it('shows the schema messages on submit, marks the fields and focuses the first invalid one', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    render(<Demo onSaved={(body) => saved.push(body)} />);
    await user.type(screen.getByLabelText('Seats'), 'two');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Give it a title.')).toBeInTheDocument();
    expect(screen.getByText('Seats is a whole number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Give it a title.');
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    expect(saved).toEqual([]);
  });

  it('keeps an error until the next submit, then hands over the schema output', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    render(<Demo onSaved={(body) => saved.push(body)} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Give it a title.');
    await user.type(screen.getByLabelText('Title'), '  Deep work ');
    await user.type(screen.getByLabelText('Seats'), '4');
    expect(screen.getByText('Give it a title.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ title: 'Deep work', seats: 4, kind: 'full' }]));
    expect(screen.queryByText('Give it a title.')).not.toBeInTheDocument();
  });

  it("puts the server's per-field messages on the mapped fields and focuses the first", async () => {
    const user = userEvent.setup();
    render(
      <Demo
        onSaved={() => undefined}
        serverError={apiError([
          { path: 'body.kind_code', message: 'Choose a kind.' },
          { path: 'body.seats', message: 'Too many seats.' },
          { path: 'body.unknown', message: 'Not shown.' },
        ])}
      />,
    );
    await user.type(screen.getByLabelText('Title'), 'A');
    await user.type(screen.getByLabelText('Seats'), '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Choose a kind.')).toBeInTheDocument();
    expect(screen.getByText('Too many seats.')).toBeInTheDocument();
    expect(screen.queryByText('Not shown.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Kind')).toHaveFocus());
  });

  it('leaves an error without field details to the whole-form message', async () => {
    const user = userEvent.setup();
    render(<Demo onSaved={() => undefined} serverError={new Error('offline')} />);
    await user.type(screen.getByLabelText('Title'), 'A');
    await user.type(screen.getByLabelText('Seats'), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Whole-form error');
  });
});

describe('serverFieldErrors', () => {
  it('strips body., keeps the first message per field and maps paths through a function', () => {
    const error = apiError([
      { path: 'body.title', message: 'First.' },
      { path: 'body.title', message: 'Second.' },
      { path: 'lessons.0.title', message: 'Lesson title.' },
    ]);
    expect(serverFieldErrors(error)).toEqual({ title: 'First.', 'lessons.0.title': 'Lesson title.' });
    expect(serverFieldErrors(error, (path) => (path.startsWith('lessons.') ? 'lessons' : undefined))).toEqual(
      {
        lessons: 'Lesson title.',
      },
    );
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});
