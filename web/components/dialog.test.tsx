import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { ConfirmDialog, Dialog } from './dialog';

function DialogDemo({ kind }: { kind: 'dialog' | 'confirm' }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('none');
  const Component = kind === 'dialog' ? Dialog : ConfirmDialog;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <p data-testid="answer">{answer}</p>
      <Component
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setAnswer('dismissed');
        }}
        title="Leave this page?"
        description="Your draft stays here."
        footer={
          <Button
            onClick={() => {
              setAnswer('confirmed');
              setOpen(false);
            }}
          >
            Leave
          </Button>
        }
      >
        <p>Body text</p>
      </Component>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a named, described modal dialog and closes with its close button, returning focus', async () => {
    const user = userEvent.setup();
    render(<DialogDemo kind="dialog" />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveAccessibleDescription('Your draft stays here.');
    expect(screen.getByText('Body text')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('answer')).toHaveTextContent('dismissed');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup();
    render(<DialogDemo kind="dialog" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('is an alertdialog without a close button; its footer answers', async () => {
    const user = userEvent.setup();
    render(<DialogDemo kind="confirm" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave this page?' });
    expect(dialog).toHaveAccessibleDescription('Your draft stays here.');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('answer')).toHaveTextContent('confirmed');
  });
});
