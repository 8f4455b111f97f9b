/** A clock a test sets by hand, to cross day and month boundaries. */
export class TestClock {
  private current: Date;

  constructor(iso: string) {
    this.current = new Date(iso);
  }

  readonly now = (): Date => new Date(this.current);

  set(iso: string): void {
    this.current = new Date(iso);
  }
}
