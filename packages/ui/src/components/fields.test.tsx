import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { FormField } from './form-field';
import { Input } from './input';
import { TextField } from './text-field';

describe('TextField', () => {
  it('reads its error and hint with the input, without an alert of its own', () => {
    render(<TextField id="pw" label="New password" hint="At least 8 characters." error="Too short" />);
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('pw-error pw-hint');
    expect(screen.getByText('Too short').id).toBe('pw-error');
    expect(screen.getByText('At least 8 characters.').id).toBe('pw-hint');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is valid and undescribed without a message, and labels a generated id', () => {
    render(<TextField label="Email" type="email" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.className).toContain('h-11');
  });
});

describe('FormField', () => {
  it('announces the error in place of the hint by default', () => {
    render(
      <FormField label="Name" htmlFor="name" hint="As on the card" error="Required">
        <Input id="name" />
      </FormField>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Required');
    expect(screen.queryByText('As on the card')).toBeNull();
  });
});

describe('Button', () => {
  it('draws an inline button as its text: no box height or padding of a size', () => {
    render(<Button variant="inline">Remove</Button>);
    const { className } = screen.getByRole('button', { name: 'Remove' });
    expect(className).toContain('underline');
    expect(className).toContain('h-auto');
    expect(className).not.toContain('h-9');
    expect(className).not.toContain('px-4');
  });
});

describe('ConfirmDialog', () => {
  // jsdom has no modal dialogs: the browser's showModal and close, reduced to the open attribute and the close event.
  const { prototype } = HTMLDialogElement;
  beforeEach(() => {
    prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  });
  afterEach(() => {
    Reflect.deleteProperty(prototype, 'showModal');
    Reflect.deleteProperty(prototype, 'close');
  });

  it('confirms with the red button and closes with the cancel one', () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Remove this card?"
        confirmLabel="Remove card"
        cancelLabel="Keep it"
        onConfirm={onConfirm}
      >
        It will no longer be offered at checkout.
      </ConfirmDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Remove this card?' }).hasAttribute('open')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove card' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
