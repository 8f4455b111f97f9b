/** What was written to a ring: `length` bytes from `offset`. */
export interface RingSlice<O> {
  readonly owner: O;
  readonly offset: number;
  readonly length: number;
}

/** A slice as the ring keeps it: it moves a slice that stays down to the head, next to the newest. */
type Slice<O> = { -readonly [K in keyof RingSlice<O>]: RingSlice<O>[K] };

/** What the ring asks of the owners of its slices when it comes to one on its way round. */
export interface RingOwners<O> {
  /** Whether `owner` still holds its slices; the slice of one that does not is reused without asking more. */
  holds(owner: O): boolean;
  /** Whether `owner` was used since the ring last came to it, forgetting that it was: it stays one more round. */
  secondChance(owner: O): boolean;
  /** The ring reuses a slice of `owner`: from now on it holds nothing (its other slices are reused as the ring comes to them). */
  evict(owner: O): void;
}

/**
 * A fixed block of memory written round and round, as a log: each slice goes where the last one
 * ended, over the oldest slices, except those whose owners were used lately: they stay, once, moved
 * down to where the writing is, which goes on past them (the second chance of CLOCK, the ring
 * itself being the clock; moving them leaves no holes where the others were). Memory is taken once
 * and never freed while the ring lives, so what it holds costs the process exactly its capacity: buffers allocated and dropped one by one instead waited for a full
 * garbage collection to be freed, and left malloc's arenas in holes (a cache of 32 MB of card
 * answers grew the process by 94 MB). A slice's bytes are overwritten once its owner is evicted, so
 * a reader copies them out (read) rather than keep a view. A slice of no bytes (an owner whose
 * bytes are elsewhere) has its place in the order all the same.
 */
export class ByteRing<O> {
  /** Taken when first written: the pages of a block allocated and not yet written are not resident. */
  private memory: Buffer | undefined;
  /** Where the next slice goes. */
  private head = 0;
  /** The slices, from the one just after the head round to the one just before it. */
  private readonly slices = new SliceQueue<Slice<O>>();
  private written = 0;

  constructor(readonly capacity: number, private readonly owners: RingOwners<O>) {}

  /** The bytes of the slices still in the ring, those of owners evicted but not yet written over included. */
  get used(): number {
    return this.written;
  }

  /** Whether a slice of `size` bytes fits at the head without coming to another. */
  fits(size: number): boolean {
    const next = this.slices.first();
    if (next === undefined) return size <= this.capacity;
    if (next.offset >= this.head) return next.offset - this.head >= size;
    // Every slice is behind the head: free up to the end, or from the start up to the first.
    return this.capacity - this.head >= size || next.offset >= size;
  }

  /**
   * The owner whose slice the ring would write over next: slices of owners gone are reused and owners
   * used lately given their second chance on the way, as writing would. Undefined when the ring is empty.
   */
  next(): O | undefined {
    for (;;) {
      const slice = this.slices.first();
      if (slice === undefined) return undefined;
      if (!this.owners.holds(slice.owner)) this.drop();
      else if (this.owners.secondChance(slice.owner)) this.passOver();
      else return slice.owner;
    }
  }

  /**
   * `bytes` written for `owner` at the head, evicting the owners of the slices written over (`owner`'s
   * own slices stay, and so do those of owners used lately, once). Null when they are more than half
   * the ring, or no room was found within two rounds (`owner`'s own slices filling it).
   */
  write(owner: O, bytes: Uint8Array): RingSlice<O> | null {
    const size = bytes.length;
    if (size > this.capacity / 2) return null;
    for (let passed = 0; passed <= 2 * this.capacity;) {
      const next = this.slices.first();
      const ahead = next !== undefined && next.offset >= this.head;
      if ((ahead ? next.offset : this.capacity) - this.head >= size) return this.place(owner, bytes);
      if (!ahead) {
        // Nothing more up to the end: the rest of it stays unused this round.
        passed += this.capacity - this.head;
        this.head = 0;
        continue;
      }
      // One at least for each slice passed: slices of no bytes at the head end the search too.
      passed += Math.max(1, next.offset + next.length - this.head);
      if (next.owner === owner || (this.owners.holds(next.owner) && this.owners.secondChance(next.owner))) this.passOver();
      else {
        if (this.owners.holds(next.owner)) this.owners.evict(next.owner);
        this.drop();
      }
    }
    return null;
  }

  /** A copy of what was written to `slice`, in memory of its own: the ring writes over it once its owner goes. */
  read(slice: RingSlice<O>): Buffer {
    const bytes = Buffer.allocUnsafe(slice.length);
    if (slice.length > 0) this.memory!.copy(bytes, 0, slice.offset, slice.offset + slice.length);
    return bytes;
  }

  /** Forgets every slice; the memory is kept for what comes next, unless `release`. */
  clear(release = false): void {
    this.slices.clear();
    this.head = 0;
    this.written = 0;
    if (release) this.memory = undefined;
  }

  private place(owner: O, bytes: Uint8Array): RingSlice<O> {
    const slice = { owner, offset: this.head, length: bytes.length };
    if (bytes.length > 0) (this.memory ??= Buffer.allocUnsafeSlow(this.capacity)).set(bytes, slice.offset);
    this.slices.push(slice);
    this.head += bytes.length;
    this.written += bytes.length;
    return slice;
  }

  /** The next slice stays: moved down to the head, which goes past it; it is now the newest. */
  private passOver(): void {
    const slice = this.slices.shift()!;
    // Behind the head, every slice is: nothing is ahead up to the end, and this one comes first from the start.
    if (slice.offset < this.head) this.head = 0;
    if (slice.offset !== this.head) {
      if (slice.length > 0) this.memory!.copyWithin(this.head, slice.offset, slice.offset + slice.length);
      slice.offset = this.head;
    }
    this.head = slice.offset + slice.length;
    this.slices.push(slice);
  }

  /** The next slice's space is free again. */
  private drop(): void {
    this.written -= this.slices.shift()!.length;
  }
}

/** A queue in an array, taken from the front and added to at the back, compacted now and then. */
class SliceQueue<T> {
  private items: Array<T | undefined> = [];
  private start = 0;

  first(): T | undefined {
    return this.items[this.start];
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    const item = this.items[this.start];
    if (item === undefined) return undefined;
    this.items[this.start] = undefined;
    this.start += 1;
    if (this.start === this.items.length) this.clear();
    else if (this.start >= 1024 && this.start * 2 >= this.items.length) {
      this.items = this.items.slice(this.start);
      this.start = 0;
    }
    return item;
  }

  clear(): void {
    this.items = [];
    this.start = 0;
  }
}
