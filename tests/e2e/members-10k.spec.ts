import { resolve } from 'node:path'
import { expect, test } from './support/test'
import { buildApp, type App } from '../../src/server/app'
import { announceMember } from '../../src/server/rooms/entry'
import { addMember } from '../../src/server/store/members'
import { findActiveRoomByName } from '../../src/server/store/rooms'
import { joinRoom, menu, roomName } from './support/room'

const MEMBERS = Number(process.env.E2E_MEMBERS ?? 10_000)

/**
 * Seeds `count` conferees straight into the database of a real server started by this test,
 * each announced on the room's channel the way the entry route announces an arrival. (Entering
 * 10,000 people through the entry route would spend minutes checking the room password.)
 */
async function seed(app: App, roomName: string, count: number): Promise<void> {
  const room = await findActiveRoomByName(app.db, roomName)
  if (!room) throw new Error(`no room ${roomName}`)
  for (let i = 0; i < count; i++) {
    // Arrivals come in waves, as a crowd does, not as one burst.
    if (i > 0 && i % 250 === 0) await new Promise((resolve) => setTimeout(resolve, 250))
    const member = await addMember(app.db, {
      roomId: room.room_id,
      userId: `seed${i}`,
      userName: `Member ${String(i).padStart(5, '0')}`,
      userPhoto: '',
      role: 2,
      enableAudio: 0,
      enableVideo: 0,
      now: Date.now(),
    })
    announceMember(app.deps, room.channel_name, member, 'join')
  }
}

let app: App
let origin: string

test.beforeAll(async () => {
  app = await buildApp({
    memory: true,
    staticDir: resolve('dist'),
    logger: false,
    // The seeded members hold no realtime connection: keep them present for the whole test.
    settings: { presenceGraceMs: 3_600_000 },
  })
  await app.fastify.listen({ host: '127.0.0.1', port: 0 })
  const address = app.fastify.server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  origin = `http://127.0.0.1:${address.port}`
})

test.afterAll(async () => {
  await app?.close()
})

test('scrolling a 10,000-member list from top to bottom causes no long task over 50 ms', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  const room = roomName('crowd')
  const host = await joinRoom(
    browser,
    { room, name: 'Hana Host', role: 'Host', roomType: 'Lecture hall' },
    origin,
  )
  // The drawer closes while the crowd arrives (each arrival is an event the host folds).
  await menu(host).getByRole('button', { name: 'Members' }).click()
  const started = Date.now()
  await seed(app, room, MEMBERS)
  console.log(`seeded ${MEMBERS} members in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  await menu(host).getByRole('button', { name: 'Members' }).click()
  const list = host.getByRole('list', { name: 'Members' })
  await expect(host.getByText(`Conferees (${MEMBERS})`)).toBeVisible({ timeout: 120_000 })
  await expect(list.getByText('Member 00000')).toBeVisible()

  const result = await list.evaluate(async (element) => {
    const longTasks: number[] = []
    const observer = new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) longTasks.push(entry.duration)
    })
    observer.observe({ type: 'longtask', buffered: false })
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    const step = element.clientHeight
    const steps: number[] = []
    while (element.scrollTop + element.clientHeight < element.scrollHeight - 1) {
      const before = performance.now()
      element.scrollTop += step
      await frame()
      await frame()
      steps.push(performance.now() - before)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    observer.disconnect()
    const last = element.querySelector('[role=listitem]:last-child')?.textContent ?? ''
    const rows = element.querySelectorAll('[role=listitem]').length
    // The same time again without scrolling: the long tasks the page and the machine have anyway.
    const scrolled = steps.reduce((a, b) => a + b, 0)
    const idle: number[] = []
    const idleObserver = new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) idle.push(entry.duration)
    })
    idleObserver.observe({ type: 'longtask', buffered: false })
    await new Promise((resolve) => setTimeout(resolve, scrolled))
    idleObserver.disconnect()
    const sorted = [...steps].sort((a, b) => a - b)
    return {
      longTasks,
      idleLongTasks: idle,
      scrolledMs: scrolled,
      steps: steps.length,
      stepMedianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
      stepMaxMs: sorted.at(-1) ?? 0,
      rows,
      last,
    }
  })
  console.log(
    JSON.stringify({
      members: MEMBERS,
      scrollSteps: result.steps,
      renderedRows: result.rows,
      stepMedianMs: Math.round(result.stepMedianMs),
      stepMaxMs: Math.round(result.stepMaxMs),
      scrolledMs: Math.round(result.scrolledMs),
      longTasks: result.longTasks.map(Math.round),
      idleBaselineLongTasks: result.idleLongTasks.map(Math.round),
    }),
  )
  expect(result.steps).toBeGreaterThan(100)
  // Only the rows in view exist, at the bottom as at the top.
  expect(result.rows).toBeLessThan(60)
  expect(result.last).toContain(`Member ${String(MEMBERS - 1).padStart(5, '0')}`)
  expect(result.longTasks.filter((d) => d > 50)).toEqual([])
})
