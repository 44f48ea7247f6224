/**
 * The ids of the last `capacity` publications this process delivered. The outbox delivers at least once: a pass
 * whose connection is cut after it published and before its delete commits publishes that page again (issue 31
 * saw 3–6 repeats per socket on a primary restart). Every instance sees every publication, so each drops the
 * repeats of its own sockets here. A repeat comes on the next pass, seconds later; 50,000 ids is minutes of the
 * busiest load measured, in a few megabytes.
 */
export class RecentIds {
  private readonly seen = new Set<string>();
  private readonly order: string[] = [];
  private next = 0;

  constructor(private readonly capacity = 50_000) {}

  /** True the first time an id is offered within the window, false for a repeat. */
  first(id: string): boolean {
    if (this.seen.has(id)) return false;
    if (this.order.length < this.capacity) this.order.push(id);
    else {
      this.seen.delete(this.order[this.next]!);
      this.order[this.next] = id;
      this.next = (this.next + 1) % this.capacity;
    }
    this.seen.add(id);
    return true;
  }
}
