// Part of `npm run bench:live`: the shared board in the live picture, rendered on the server
// (board-render.ts). A page of N freehand strokes (60 points each) and a few texts: the time of
// one rendering at the board's place (960x720), and the time from a stroke merged into the
// board's document to the picture that shows it (BoardPicture redraws a changed board at most
// every 200 ms). Baseline in the same run: rendering an empty page (the canvas and the
// conversion to the encoder's YUV alone).
import { Awareness } from 'y-protocols/awareness'
import * as Y from 'yjs'
import { BoardPicture } from '../../src/server/media/compose/board-picture'
import { renderBoardPage } from '../../src/server/media/compose/board-render'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function stroke(i: number) {
  const points = Array.from({ length: 60 }, (_, k) => [k * 4, 30 * Math.sin((k + i) / 6)])
  return {
    id: `s${i}`,
    version: 1,
    index: `a${String(i).padStart(5, '0')}`,
    type: 'freedraw',
    x: (i % 20) * 60,
    y: Math.floor(i / 20) * 50,
    width: 240,
    height: 60,
    strokeColor: '#1e1e1e',
    strokeWidth: 2,
    points,
  }
}

function page(strokes: number) {
  const elements: Record<string, unknown>[] = Array.from({ length: strokes }, (_, i) => stroke(i))
  for (let i = 0; i < 5; i++)
    elements.push({
      ...{ id: `t${i}`, version: 1, index: `b${i}`, type: 'text', x: 0, y: -60 * (i + 1) },
      ...{ width: 300, height: 30, text: `Line ${i} of the lesson`, fontSize: 24 },
    })
  return elements as { id: string }[]
}

function renderMs(strokes: number, runs = 15): number {
  const elements = page(strokes)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    renderBoardPage(elements as never, 960, 720)
    times.push(performance.now() - started)
  }
  return median(times)
}

export interface BoardTimes {
  readonly emptyRenderMs: number
  readonly renderMs: Record<number, number>
  readonly strokeToPictureMs: number
}

export async function boardFigures(): Promise<BoardTimes> {
  const emptyRenderMs = renderMs(0)
  const sizes = [100, 500, 2000]
  const byStrokes: Record<number, number> = {}
  for (const n of sizes) byStrokes[n] = renderMs(n)

  // A stroke merged into the document, to the picture that shows it.
  const doc = new Y.Doc()
  const map = doc.getMap('page:/init')
  for (const element of page(100)) map.set(element.id, element)
  const picture = new BoardPicture(
    async () => ({ doc, awareness: new Awareness(doc), release: () => undefined }),
    () => undefined,
  )
  await picture.follow('bench', 'host', 960, 720)
  const delays: number[] = []
  for (let i = 0; i < 10; i++) {
    await sleep(150 + Math.random() * 300)
    const before = picture.renders
    const merged = performance.now()
    map.set(`new${i}`, { ...stroke(100 + i), id: `new${i}` })
    while (picture.renders === before) await sleep(2)
    delays.push(performance.now() - merged)
  }
  picture.stop()
  return {
    emptyRenderMs: Number(emptyRenderMs.toFixed(1)),
    renderMs: Object.fromEntries(
      Object.entries(byStrokes).map(([n, ms]) => [n, Number(ms.toFixed(1))]),
    ),
    strokeToPictureMs: Math.round(median(delays)),
  }
}
