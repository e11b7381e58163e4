import { BITS, childAt, entryAt, LAST_SHIFT, popcount, type Node } from './hamt'

/** The walks over every entry of a persistent map's nodes (`hamt.ts`): iterate, diff. */

/** Visits every entry in order (the order of `keys()` and `toJSON()`): entries and sub-nodes by bit. */
export function eachEntry<V>(
  node: Node<V>,
  shift: number,
  visit: (value: V, key: string) => void,
): void {
  if (shift > LAST_SHIFT) {
    for (let at = 1; at < node.length; at += 2) visit(node[at + 1] as V, node[at] as string)
    return
  }
  const dataMap = node[0] as number
  const nodeMap = node[1] as number
  let at = 2
  let i = node.length - popcount(nodeMap)
  for (let bits = dataMap | nodeMap; bits !== 0; bits &= bits - 1) {
    if ((dataMap & bits & -bits) !== 0) {
      visit(node[at + 1] as V, node[at] as string)
      at += 2
    } else eachEntry(node[i++] as Node<V>, shift + BITS, visit)
  }
}

/**
 * Calls `visit` for every key whose value differs under two nodes at `shift` (by reference),
 * skipping the sub-nodes they share.
 */
export function diffNodes<V>(
  a: Node<V>,
  b: Node<V>,
  shift: number,
  visit: (key: string, before: V | undefined, after: V | undefined) => void,
): void {
  if (a === b) return
  if (shift > LAST_SHIFT) return diffEntries(entriesOf(a, shift), entriesOf(b, shift), visit)
  const dataA = a[0] as number
  const nodeA = a[1] as number
  const dataB = b[0] as number
  const nodeB = b[1] as number
  for (let slot = 0; slot < 32; slot++) {
    const bit = 1 << slot
    if ((nodeA & bit) !== 0 && (nodeB & bit) !== 0) {
      const childA = a[childAt(a.length, nodeA, bit)] as Node<V>
      const childB = b[childAt(b.length, nodeB, bit)] as Node<V>
      diffNodes(childA, childB, shift + BITS, visit)
    } else if (((dataA | nodeA | dataB | nodeB) & bit) !== 0)
      diffEntries(slotEntries(a, shift, bit), slotEntries(b, shift, bit), visit)
  }
}

function diffEntries<V>(
  left: Map<string, V>,
  right: Map<string, V>,
  visit: (key: string, before: V | undefined, after: V | undefined) => void,
): void {
  for (const [key, value] of left) if (right.get(key) !== value) visit(key, value, right.get(key))
  for (const [key, value] of right) if (!left.has(key)) visit(key, undefined, value)
}

function entriesOf<V>(node: Node<V>, shift: number): Map<string, V> {
  const out = new Map<string, V>()
  eachEntry(node, shift, (value, key) => out.set(key, value))
  return out
}

/** The entries in the slot for `bit` of a branch at `shift` (its entry, or its sub-node's). */
function slotEntries<V>(node: Node<V>, shift: number, bit: number): Map<string, V> {
  const dataMap = node[0] as number
  const nodeMap = node[1] as number
  if ((nodeMap & bit) !== 0)
    return entriesOf(node[childAt(node.length, nodeMap, bit)] as Node<V>, shift + BITS)
  const out = new Map<string, V>()
  if ((dataMap & bit) !== 0) {
    const at = entryAt(dataMap, bit)
    out.set(node[at] as string, node[at + 1] as V)
  }
  return out
}
