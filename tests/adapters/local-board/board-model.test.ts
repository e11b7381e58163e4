import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  addPage,
  clearPage,
  locate,
  pageMap,
  pathAt,
  putScenes,
  readElements,
  writeElements,
} from '../../../src/adapters/local-board/board-model'
import { DEFAULT_BOARD_SCALE, normalizeScenePath, sceneDir, sceneName } from '@streams/wire/board'

const el = (id: string, version = 1, extra: Record<string, unknown> = {}) => ({
  id,
  version,
  versionNonce: version,
  index: `a${id}`,
  ...extra,
})

describe('board scenes', () => {
  it("[WB-4] '/' and '/init' map to '/init', and the default scale is 0.65", () => {
    expect(normalizeScenePath('/')).toBe('/init')
    expect(normalizeScenePath('/init')).toBe('/init')
    expect(normalizeScenePath('')).toBe('/init')
    expect(normalizeScenePath('/init/')).toBe('/init')
    expect(normalizeScenePath('docs/a/2')).toBe('/docs/a/2')
    expect(sceneDir('/docs/a/2')).toBe('/docs/a')
    expect(sceneName('/docs/a/2')).toBe('2')
    expect(sceneDir('/')).toBe('/')
    expect(DEFAULT_BOARD_SCALE).toBe(0.65)
  })

  it('[WB-4] a fresh board has one page, /init, whichever of the two names asks', () => {
    const doc = new Y.Doc()
    expect(locate(doc, '/')).toEqual({ path: '/init', dir: '/', index: 0, total: 1 })
    expect(locate(doc, '/init')).toEqual({ path: '/init', dir: '/', index: 0, total: 1 })
  })

  it('knows current page and total pages of a scene set, with its file fields', () => {
    const doc = new Y.Doc()
    putScenes(
      doc,
      {
        dir: '/docs/f1',
        fileName: 'lesson.pdf',
        fileType: 'pdf',
        dynamic: false,
        scenes: [{ name: '1', src: '/p/1' }, { name: '2' }, { name: '3' }],
      },
      'me',
    )
    expect(locate(doc, '/docs/f1/2')).toEqual({
      path: '/docs/f1/2',
      dir: '/docs/f1',
      index: 1,
      total: 3,
    })
    expect(pathAt(doc, '/docs/f1', 2)).toBe('/docs/f1/3')
    expect(pathAt(doc, '/docs/f1', 3)).toBeUndefined()
    expect(doc.getMap('scenes').get('/docs/f1')).toMatchObject({
      fileName: 'lesson.pdf',
      dynamic: false,
    })
  })

  it('adds whiteboard pages after /init', () => {
    const doc = new Y.Doc()
    expect(addPage(doc, 'me')).toBe('/2')
    expect(addPage(doc, 'me')).toBe('/3')
    expect(locate(doc, '/3')).toMatchObject({ index: 2, total: 3 })
  })
})

describe('board elements', () => {
  it('writes only what changed and keeps its own copy of each element', () => {
    const doc = new Y.Doc()
    const a = el('a')
    expect(writeElements(doc, '/init', [a, el('b')], 'me')).toBe(2)
    expect(writeElements(doc, '/init', [a, el('b')], 'me')).toBe(0)
    ;(a as { version: number }).version = 5 // the surface mutates in place
    expect(pageMap(doc, '/init').get('a')?.version).toBe(1)
    expect(writeElements(doc, '/init', [a], 'me')).toBe(1)
    expect(readElements(doc, '/init').map((e) => [e.id, e.version])).toEqual([
      ['a', 5],
      ['b', 1],
    ])
  })

  it('a deleted element leaves the page; clear page empties it', () => {
    const doc = new Y.Doc()
    writeElements(doc, '/init', [el('a'), el('b')], 'me')
    writeElements(doc, '/init', [el('a', 2, { isDeleted: true })], 'me')
    expect(readElements(doc, '/init').map((e) => e.id)).toEqual(['b'])
    clearPage(doc, '/init', 'me')
    expect(readElements(doc, '/init')).toEqual([])
  })

  it('two documents that exchange updates in any order end identical', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    writeElements(a, '/init', [el('x', 1), el('shared', 3, { by: 'a' })], 'a')
    writeElements(b, '/init', [el('y', 1), el('shared', 3, { by: 'b' })], 'b')
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    expect(readElements(a, '/init')).toEqual(readElements(b, '/init'))
    expect(readElements(a, '/init').map((e) => e.id)).toEqual(['shared', 'x', 'y'])
  })
})
