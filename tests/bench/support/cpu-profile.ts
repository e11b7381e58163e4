import type { Page } from '@playwright/test'

interface ProfileNode {
  readonly id: number
  readonly callFrame: {
    readonly functionName: string
    readonly url: string
    readonly lineNumber: number
    readonly columnNumber: number
  }
}

interface Profile {
  readonly nodes: readonly ProfileNode[]
  readonly samples?: readonly number[]
  readonly timeDeltas?: readonly number[]
}

/**
 * A CPU profile of a page's main thread (Chrome DevTools Protocol): `stop` answers the functions
 * with the most self time, largest first, to say where the page's own time went (the JS of a
 * build without minification names its functions). For benches, never for tests.
 */
export async function startCpuProfile(
  page: Page,
): Promise<() => Promise<{ name: string; ms: number }[]>> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
  await cdp.send('Profiler.start')
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile }
    await cdp.detach()
    const byId = new Map(profile.nodes.map((n) => [n.id, n]))
    const self = new Map<string, number>()
    const samples = profile.samples ?? []
    const deltas = profile.timeDeltas ?? []
    for (let i = 0; i < samples.length; i++) {
      const node = byId.get(samples[i] as number)
      if (!node) continue
      const f = node.callFrame
      const file = f.url.split('/').pop() ?? ''
      const name = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`
      self.set(name, (self.get(name) ?? 0) + ((deltas[i] as number) ?? 0) / 1000)
    }
    return [...self]
      .map(([name, ms]) => ({ name, ms: Math.round(ms) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 25)
  }
}
