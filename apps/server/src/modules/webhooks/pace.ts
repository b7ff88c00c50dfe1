/** While the instance is busy, the least time between two claims of one endpoint's deliveries on it. */
export const BUSY_PACE_MS = 1_000;

/**
 * Deliveries give way to the people the instance is serving. While it answers `yieldAtRequests` requests or more at
 * once (a checkout peak), each endpoint gets one claim of deliveries a second from it, and the rest wait in the
 * outbox, in order, until it is calm again: sending costs as much machine as a share of an order, and a shopper waits
 * for the order while a receiver does not wait for the event. Never stops sending altogether.
 */
export class DeliveryPace {
  /** This instance's last claim per endpoint. */
  private readonly lastClaimAt = new Map<string, number>();

  /** `requestsInFlight`: the instance's count; `yieldAtRequests`: the count at which it is busy (0: never). */
  constructor(
    private readonly requestsInFlight: () => number,
    private readonly yieldAtRequests: number,
  ) {}

  private busy(): boolean {
    return this.yieldAtRequests > 0 && this.requestsInFlight() >= this.yieldAtRequests;
  }

  /** How long the endpoint's next claim must wait, in milliseconds (0: claim now). */
  waitBeforeClaim(endpointId: string, now = Date.now()): number {
    const last = this.lastClaimAt.get(endpointId);
    if (last === undefined || !this.busy()) return 0;
    return Math.max(0, last + BUSY_PACE_MS - now);
  }

  claimed(endpointId: string, now = Date.now()): void {
    this.lastClaimAt.set(endpointId, now);
  }
}
