/**
 * A set of strings that usually holds one (the channels a realtime connection joined, those its
 * token admits): one field until a second string comes, then a Set. It costs an idle connection
 * about 40 bytes where a Set costs about 150 (docs/realtime.md "Memory").
 */
export class FewStrings implements Iterable<string> {
  private one: string | undefined = undefined
  private more: Set<string> | undefined = undefined

  get size(): number {
    return this.more ? this.more.size : this.one === undefined ? 0 : 1
  }

  has(value: string): boolean {
    return this.more ? this.more.has(value) : this.one === value
  }

  add(value: string): this {
    if (this.more) this.more.add(value)
    else if (this.one === undefined || this.one === value) this.one = value
    else {
      this.more = new Set([this.one, value])
      this.one = undefined
    }
    return this
  }

  delete(value: string): boolean {
    if (this.more) return this.more.delete(value)
    if (this.one !== value) return false
    this.one = undefined
    return true
  }

  *[Symbol.iterator](): Iterator<string> {
    if (this.more) yield* this.more
    else if (this.one !== undefined) yield this.one
  }
}
