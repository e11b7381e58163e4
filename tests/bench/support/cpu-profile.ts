import type { Page } from '@playwright/test'

interface ProfileNode {
  readonly id: number
  readonly children?: readonly number[]
  readonly callFrame: {
    readonly functionName: string
    readonly url: string
    readonly lineNumber: number
    readonly columnNumber: number
  }
}

/** A CPU profile as the DevTools protocol gives it (times in µs, on the trace's clock). */
export interface Profile {
  readonly nodes: readonly ProfileNode[]
  readonly startTime: number
  readonly samples?: readonly number[]
  readonly timeDeltas?: readonly number[]
}

/**
 * The functions with the most self time in a profile, largest first, in the whole profile or in
 * a window of it (`from`, `to`: µs on the profile's clock, the same as a Chromium trace's).
 */
export function selfTimes(
  profile: Profile,
  top = 25,
  from = Number.NEGATIVE_INFINITY,
  to = Number.POSITIVE_INFINITY,
): { name: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parents = new Map<number, ProfileNode>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n)
  const nameOf = (node: ProfileNode) => {
    const f = node.callFrame
    const file = f.url.split('/').pop() ?? ''
    return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`
  }
  const self = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  let at = profile.startTime
  for (let i = 0; i < samples.length; i++) {
    const delta = (deltas[i] as number) ?? 0
    at += delta
    if (at < from || at > to) continue
    const node = byId.get(samples[i] as number)
    if (!node) continue
    // a browser function (appendChild…) is named with the script that called it
    const caller = node.callFrame.url === '' ? parents.get(node.id) : undefined
    const name =
      caller && caller.callFrame.url !== '' ? `${nameOf(node)} ← ${nameOf(caller)}` : nameOf(node)
    self.set(name, (self.get(name) ?? 0) + delta / 1000)
  }
  return [...self]
    .map(([name, ms]) => ({ name, ms: Math.round(ms * 10) / 10 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top)
}

/** Starts a CPU profile of a page's main thread (DevTools protocol); `stop` answers it whole. */
export async function startRawCpuProfile(page: Page): Promise<() => Promise<Profile>> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
  await cdp.send('Profiler.start')
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile }
    await cdp.detach()
    return profile
  }
}

/**
 * A CPU profile of a page's main thread (Chrome DevTools Protocol): `stop` answers the functions
 * with the most self time, largest first, to say where the page's own time went (the JS of a
 * build without minification names its functions). For benches, never for tests.
 */
export async function startCpuProfile(
  page: Page,
): Promise<() => Promise<{ name: string; ms: number }[]>> {
  const stop = await startRawCpuProfile(page)
  return async () => selfTimes(await stop())
}
