import { COUPON_MESSAGES } from '@seamline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CouponFormDialog } from './CouponFormDialog';

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <CouponFormDialog open onOpenChange={() => {}} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { onSaved, submit: () => screen.getByRole('button', { name: 'Add Coupon' }) as HTMLButtonElement };
}

// Labels of required fields end with a marker, so match the label's start.
const byLabel = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));
const setField = (label: string, value: string) => fireEvent.change(byLabel(label), { target: { value } });

// Radix's checkbox measures itself; jsdom has no ResizeObserver.
beforeEach(() =>
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('CouponFormDialog', () => {
  it('shows every validation message and keeps submit disabled until valid', async () => {
    const user = userEvent.setup();
    const { submit } = renderDialog();
    expect(screen.queryByLabelText(/code/i)).toBeNull();
    expect(submit().disabled).toBe(true);

    const name = screen.getByLabelText(/Coupon Name/);
    await user.type(name, 'ab');
    await screen.findByText(COUPON_MESSAGES.nameMin);
    expect(screen.getByTestId('name-counter').textContent).toBe('2/100');
    await user.clear(name);
    await screen.findByText(COUPON_MESSAGES.nameRequired);
    setField('Coupon Name', 'x'.repeat(101));
    await screen.findByText(COUPON_MESSAGES.nameMax);
    setField('Coupon Name', 'Weekend Sale');

    setField('Value (%)', '-1');
    await screen.findByText(COUPON_MESSAGES.valuePositive);
    setField('Value (%)', '');
    await screen.findByText(COUPON_MESSAGES.valuePositive);
    setField('Value (%)', '101');
    await screen.findByText(COUPON_MESSAGES.percentageMax);
    setField('Value (%)', '20');

    setField('Usage Limit', '0');
    await screen.findByText(COUPON_MESSAGES.usageLimitPositive);
    setField('Usage Limit', '10001');
    await screen.findByText(COUPON_MESSAGES.usageLimitMax);
    setField('Usage Limit', '50');

    setField('Description', 'd'.repeat(501));
    await screen.findByText(COUPON_MESSAGES.descriptionMax);
    setField('Description', 'Twenty percent off');

    setField('End Date', '');
    await screen.findByText(COUPON_MESSAGES.datesRequired);
    setField('Start Date', '2030-05-10');
    setField('End Date', '2030-05-01');
    await screen.findByText(COUPON_MESSAGES.endAfterStart);
    expect(submit().disabled).toBe(true);
    setField('End Date', '2030-06-01');
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it.each([
    ['Value (%)', '150', COUPON_MESSAGES.percentageMax],
    ['Value (%)', '0', COUPON_MESSAGES.valuePositive],
    ['Usage Limit', '0', COUPON_MESSAGES.usageLimitPositive],
  ])('with the name still empty, %s = %s shows "%s" on blur', async (label, value, message) => {
    const user = userEvent.setup();
    const { submit } = renderDialog();
    const input = byLabel(label);
    await user.clear(input);
    await user.type(input, value);
    await user.tab();
    await screen.findByText(message);
    expect(submit().disabled).toBe(true);
  });

  it("leaving Value at the default 0 shows the spec's message on blur", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(byLabel('Value (%)'));
    await user.tab();
    await screen.findByText(COUPON_MESSAGES.valuePositive);
  });

  it('with the name still empty, an end date before the start date shows its message on blur', async () => {
    const user = userEvent.setup();
    renderDialog();
    setField('Start Date', '2030-05-10');
    const end = byLabel('End Date');
    fireEvent.change(end, { target: { value: '2030-05-01' } });
    await user.click(end);
    await user.tab();
    await screen.findByText(COUPON_MESSAGES.endAfterStart);
  });

  it("shows 'Failed to add coupon.' in the dialog when the save gets no answer", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    const { submit, onSaved } = renderDialog();
    setField('Coupon Name', 'Weekend Sale');
    setField('Value (%)', '20');
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to add coupon.');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
