import { productContracts, reviewContracts } from '@seamline/shared';
import { failure, isCallTo, ok, type SentRequest, stubApi } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../test-a11y';
import { ReviewForm } from './ReviewForm';

const saved = { id: 'r1', productId: 'p1', photos: [], status: 'pending' };

function renderForm(store: (request: SentRequest) => Response) {
  const sent = stubApi(store);
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <ReviewForm productId="p1" sizes={['S', 'M', 'L']} initialSize="M" onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { sent, onSaved, view };
}

function fill() {
  fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Soft and warm' } });
  fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Washes well.' } });
  fireEvent.click(screen.getByRole('radio', { name: 'Runs small' }));
}

describe('the review form', () => {
  it('is accessible and names what is missing with the shared messages, sending nothing', async () => {
    const { sent, view } = renderForm(() => failure(500, 'nothing is sent'));
    expect(screen.getByRole('group', { name: 'Your rating' })).toBeTruthy();
    expect((screen.getByLabelText('Size bought') as HTMLSelectElement).value).toBe('M');
    await expectNoSeriousViolations(view.container);
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Rating must be a whole number from 1 to 5.')).toBeTruthy();
    expect(screen.getByText('Title is required.')).toBeTruthy();
    expect(screen.getByText('Review text is required.')).toBeTruthy();
    expect(sent).toEqual([]);
    await expectNoSeriousViolations(view.container);
  });

  it("sends the review and hands back the server's message", async () => {
    const { sent, onSaved } = renderForm((request) =>
      isCallTo(request, reviewContracts.create)
        ? new Response(
            JSON.stringify({
              success: true,
              data: { review: saved },
              message: 'Review received: it will appear once approved',
            }),
            { status: 201, headers: { 'content-type': 'application/json' } },
          )
        : failure(500, 'unexpected'),
    );
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSaved.mock.calls[0]![0]).toBe('Review received: it will appear once approved');
    expect(sent[0]!.body).toEqual({
      rating: 4,
      title: 'Soft and warm',
      body: 'Washes well.',
      size: 'M',
      fit: 'runs_small',
    });
  });

  it("shows the server's refusal of a customer who did not buy the product", async () => {
    const message = 'Only customers with a delivered order of this product can review it.';
    renderForm(() => failure(403, message));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('previews up to three chosen photos, each removable, and uploads them after the review', async () => {
    URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
    URL.revokeObjectURL = vi.fn();
    const { sent, onSaved } = renderForm((request) =>
      isCallTo(request, reviewContracts.create) || isCallTo(request, reviewContracts.addPhotos)
        ? ok({ review: saved })
        : isCallTo(request, productContracts.get)
          ? failure(500, 'not read')
          : failure(500, 'unexpected'),
    );
    const files = ['a', 'b', 'c', 'd'].map((n) => new File(['x'], `${n}.png`, { type: 'image/png' }));
    fireEvent.change(screen.getByLabelText('Add photos'), { target: { files } });
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      'blob:a.png',
      'blob:b.png',
      'blob:c.png',
    ]);
    expect(screen.queryByLabelText('Add photos')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getAllByRole('img')).toHaveLength(2);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /products/p1/reviews', 'POST /reviews/r1/photos']);
  });
});
