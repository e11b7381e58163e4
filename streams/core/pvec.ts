/**
 * A persistent (immutable) append-only list: a 32-way trie of full blocks plus a tail. `push`
 * appends to the tail in place when it is the newest version (else copies at most the 32-slot
 * tail) and, every 32 pushes, copies one path of the trie, so a chat of
 * 400,000 lines grows by one line without copying the others, and every state a replay keeps
 * shares the lines they have in common. Serialises to a plain array (`toJSON`).
 */

const BITS = 5
const WIDTH = 32
const MASK = 31

type Trie<T> = readonly (T | Trie<T>)[]

export class PVec<T> {
  private constructor(
    readonly size: number,
    private readonly shift: number,
    private readonly root: Trie<T>,
    private readonly tail: readonly T[],
  ) {}

  private static readonly EMPTY = new PVec<never>(0, BITS, [], [])

  static empty<T>(): PVec<T> {
    return PVec.EMPTY as PVec<T>
  }

  static from<T>(items: Iterable<T>): PVec<T> {
    let out = PVec.empty<T>()
    for (const item of items) out = out.push(item)
    return out
  }

  private tailOffset(): number {
    return this.size < WIDTH ? 0 : ((this.size - 1) >>> BITS) << BITS
  }

  get(index: number): T | undefined {
    if (index < 0 || index >= this.size) return undefined
    if (index >= this.tailOffset()) return this.tail[index & MASK]
    let node: Trie<T> = this.root
    for (let level = this.shift; level > 0; level -= BITS)
      node = node[(index >>> level) & MASK] as Trie<T>
    return node[index & MASK] as T
  }

  last(): T | undefined {
    return this.get(this.size - 1)
  }

  push(item: T): PVec<T> {
    const inTail = this.size - this.tailOffset()
    if (inTail < WIDTH) {
      // The tail array is shared by the versions that are prefixes of one another: the newest
      // version appends in place (older versions never read past their own size); any other
      // version copies its part first.
      const tail = (this.tail.length === inTail ? this.tail : this.tail.slice(0, inTail)) as T[]
      tail.push(item)
      return new PVec(this.size + 1, this.shift, this.root, tail)
    }
    // The tail is full: it becomes a block of the trie.
    let root: Trie<T>
    let shift = this.shift
    if (this.size >>> BITS > 1 << this.shift) {
      root = [this.root, newPath(this.shift, this.tail)]
      shift += BITS
    } else {
      root = pushTail(this.size, this.shift, this.root, this.tail)
    }
    return new PVec(this.size + 1, shift, root, [item])
  }

  /** The items from `start` (inclusive) to `end` (exclusive), as an array. */
  slice(start = 0, end = this.size): T[] {
    const from = Math.max(0, start < 0 ? this.size + start : start)
    const to = Math.min(this.size, end < 0 ? this.size + end : end)
    const out: T[] = []
    for (let i = from; i < to; i++) out.push(this.get(i) as T)
    return out
  }

  toArray(): T[] {
    return this.slice()
  }

  toJSON(): T[] {
    return this.toArray()
  }
}

function newPath<T>(level: number, block: readonly T[]): Trie<T> {
  return level === 0 ? block : [newPath(level - BITS, block)]
}

function pushTail<T>(size: number, level: number, parent: Trie<T>, tail: readonly T[]): Trie<T> {
  const index = ((size - 1) >>> level) & MASK
  const out = parent.slice()
  if (level === BITS) {
    out[index] = tail
    return out
  }
  const child = parent[index] as Trie<T> | undefined
  out[index] = child ? pushTail(size, level - BITS, child, tail) : newPath(level - BITS, tail)
  return out
}
