import { test } from '@playwright/test'
import { join, onBoard, setGrant, shareBoard } from './board-helpers'
test('debug', async ({ browser }) => {
  const room = `dbg-${Date.now()}`
  const host = await join(browser, { room, name: 'Hana Host', role: 'Host' })
  const guest = await join(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  for (const [n, p] of [['host', host], ['guest', guest]] as const) p.on('console', (m) => console.log(n, m.type(), m.text().slice(0, 300)))
  host.on('request', (r) => r.url().includes('/api/') && console.log('host req', r.method(), r.url()))
  guest.on('request', (r) => r.url().includes('/api/') && console.log('guest req', r.method(), r.url()))
  await shareBoard(host)
  await onBoard(guest)
  await setGrant(host, 'Carl Conferee', true)
  await guest.waitForTimeout(2000)
  await host.screenshot({ path: '/tmp/bt/host.png' })
  await guest.screenshot({ path: '/tmp/bt/guest.png' })
})
