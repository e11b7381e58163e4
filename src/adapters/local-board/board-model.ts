import type * as Y from 'yjs'
import type { BoardScene } from '@streams/ports'
import { INIT_SCENE_PATH, normalizeScenePath, sceneDir, scenePath } from '@streams/wire/board'

/**
 * The board's shared document (Yjs). Every page is its own top-level map of elements keyed by
 * element id (a top-level type merges safely when two writers create it at once); scene sets
 * (the whiteboard's own pages and each converted document) live in the `scenes` map.
 */

/** A drawing element as the surface hands it over: JSON with an id and a version. */
export interface BoardElement {
  readonly id: string
  readonly version: number
  readonly versionNonce?: number
  readonly index?: string | null
  readonly isDeleted?: boolean
  readonly [key: string]: unknown
}

/** A scene set under a directory (spec §3: path, root path, file name, file type, static). */
export interface SceneSet {
  readonly dir: string
  readonly fileName?: string
  readonly fileType?: string
  readonly dynamic: boolean
  readonly scenes: readonly BoardScene[]
}

export const ROOT_DIR = '/'
const ROOT_SET: SceneSet = { dir: ROOT_DIR, dynamic: false, scenes: [{ name: 'init' }] }

export const scenesMap = (doc: Y.Doc) => doc.getMap<SceneSet>('scenes')
export const pageMap = (doc: Y.Doc, path: string) =>
  doc.getMap<BoardElement>(`page:${normalizeScenePath(path)}`)

export function sceneSet(doc: Y.Doc, dir: string): SceneSet | undefined {
  return scenesMap(doc).get(dir) ?? (dir === ROOT_DIR ? ROOT_SET : undefined)
}

/** Where a path is within its scene set: index and total pages ('/' is '/init', [WB-4]). */
export function locate(
  doc: Y.Doc,
  path: string,
): { path: string; dir: string; index: number; total: number } {
  const normal = normalizeScenePath(path)
  const dir = sceneDir(normal)
  const set = sceneSet(doc, dir)
  const index = set ? set.scenes.findIndex((s) => scenePath(dir, s.name) === normal) : -1
  return { path: normal, dir, index: Math.max(0, index), total: set?.scenes.length ?? 1 }
}

/** The path of page `index` of a directory, or undefined when there is no such page. */
export function pathAt(doc: Y.Doc, dir: string, index: number): string | undefined {
  const scene = sceneSet(doc, dir)?.scenes[index]
  return scene ? scenePath(dir, scene.name) : undefined
}

export function sceneAt(doc: Y.Doc, path: string): BoardScene | undefined {
  const { dir, index } = locate(doc, path)
  return sceneSet(doc, dir)?.scenes[index]
}

export function putScenes(doc: Y.Doc, set: SceneSet, origin: unknown): void {
  doc.transact(() => scenesMap(doc).set(set.dir, set), origin)
}

/** Adds a blank page after the whiteboard's pages; answers its path. */
export function addPage(doc: Y.Doc, origin: unknown): string {
  const set = sceneSet(doc, ROOT_DIR) ?? ROOT_SET
  const taken = new Set(set.scenes.map((s) => s.name))
  let n = set.scenes.length + 1
  while (taken.has(String(n))) n++
  const scenes = [...set.scenes, { name: String(n) }]
  putScenes(doc, { ...set, scenes }, origin)
  return scenePath(ROOT_DIR, String(n))
}

/** The page's live elements in drawing order (fractional index, then id). */
export function readElements(doc: Y.Doc, path: string): BoardElement[] {
  const elements = [...pageMap(doc, path).values()]
  return elements.sort((a, b) => {
    const ai = a.index ?? ''
    const bi = b.index ?? ''
    if (ai !== bi) return ai < bi ? -1 : 1
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  })
}

/**
 * Writes the elements that changed (a higher version, or the same version with another nonce)
 * in one transaction; answers how many were written.
 */
export function writeElements(
  doc: Y.Doc,
  path: string,
  elements: readonly BoardElement[],
  origin: unknown,
): number {
  const page = pageMap(doc, path)
  const changed = elements.filter((element) => {
    const known = page.get(element.id)
    if (!known) return !element.isDeleted
    return (
      element.version > known.version ||
      (element.version === known.version && element.versionNonce !== known.versionNonce)
    )
  })
  if (changed.length === 0) return 0
  doc.transact(() => {
    for (const element of changed) {
      if (element.isDeleted) page.delete(element.id)
      // A copy: the surface mutates its elements in place, the document must keep what was sent.
      else page.set(element.id, structuredClone(element))
    }
  }, origin)
  return changed.length
}

/** Removes every element of the page (clear page). */
export function clearPage(doc: Y.Doc, path: string, origin: unknown): void {
  const page = pageMap(doc, path)
  if (page.size === 0) return
  doc.transact(() => {
    for (const id of [...page.keys()]) page.delete(id)
  }, origin)
}

export { INIT_SCENE_PATH }
