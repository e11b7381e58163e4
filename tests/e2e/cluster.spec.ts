import { clusterBackingInstalled, startClusterBacking } from '../server/cluster-backing'
import { expect, test } from './support/test'
import { OwnServer } from './support/own-server'
import { box, joinRoom, memberAction, members, menu, roomName } from './support/room'

/**
 * Two server processes of this test's own on one PostgreSQL and one Redis (docs/server.md,
 * "Several processes"); the run's shared server is never touched. The host is on one process,
 * two conferees on the other.
 */

test('[MSG-9] [MUTE-5] [KICK-1] [END-3] two server processes: three people on them meet; chat, mute all, a kick and the end cross processes', async ({
  browser,
}) => {
  test.skip(!clusterBackingInstalled, 'needs PostgreSQL and redis-server (.ci/run installs them)')
  test.setTimeout(300_000)
  const backing = (await startClusterBacking())!
  const env = { DATABASE_URL: backing.databaseUrl, REDIS_URL: backing.redis.url }
  const a = await OwnServer.create(env)
  const b = await OwnServer.create(env)
  try {
    await Promise.all([a.start(), b.start()])
    const room = roomName('cluster')
    const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' }, a.origin)
    const carl = await joinRoom(
      browser,
      { room, name: 'Carl Conferee', role: 'Conferee' },
      b.origin,
    )
    const dora = await joinRoom(
      browser,
      { room, name: 'Dora Conferee', role: 'Conferee' },
      b.origin,
    )
    for (const page of [host, carl, dora])
      for (const name of ['Hana Host', 'Carl Conferee', 'Dora Conferee'])
        await expect(members(page).getByText(name)).toBeVisible()
    await expect(host.getByText('3 online')).toBeVisible()

    // Chat both ways between the processes.
    const say = async (page: typeof host, text: string) => {
      await page.getByRole('textbox', { name: 'Say something' }).fill(text)
      await page.getByRole('button', { name: 'Send' }).click()
    }
    const chat = (page: typeof host) => page.getByRole('list', { name: 'Chat' })
    await say(carl, 'Hello from process b')
    await expect(chat(host).getByText('Hello from process b')).toBeVisible()
    await expect(chat(dora).getByText('Hello from process b')).toBeVisible()
    await say(host, 'Hello from process a')
    await expect(chat(carl).getByText('Hello from process a')).toBeVisible()

    // Mute all, announced by process a, reaches the conferees on process b.
    await menu(host).getByRole('button', { name: 'Mute all' }).click()
    await expect(carl.getByText('Everyone is muted', { exact: true })).toBeVisible()
    await expect(dora.getByText('Everyone is muted', { exact: true })).toBeVisible()

    // A kick: the kicked conferee on process b hears it and goes; everyone's list loses her.
    await memberAction(host, 'Dora Conferee', 'Remove from the meeting')
    await host.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
    await expect(box(dora)).toContainText('Hana Host removed you from the meeting.')
    await expect(members(host).getByText('Dora Conferee')).toHaveCount(0)
    await expect(members(carl).getByText('Dora Conferee')).toHaveCount(0)

    // The end.
    await menu(host).getByRole('button', { name: 'End meeting' }).click()
    await host.getByRole('dialog').getByRole('button', { name: 'End meeting' }).click()
    await expect(carl.getByText('The meeting ended')).toBeVisible()
    await expect(carl).toHaveURL(/\/home/)
  } finally {
    await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')])
    await backing.close()
  }
})
