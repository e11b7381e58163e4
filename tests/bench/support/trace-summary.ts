/**
 * Where a page's long main-thread tasks spent their time, from a Chromium trace (the JSON that
 * `browser.stopTracing()` gives): the tasks over `overMs` on the renderer's main thread, and for
 * the events inside them, the total time by name (garbage collections, script, layout, paint…),
 * largest first. Nested events count in their own name and in their parent's, so the figures
 * say where to look, not a partition.
 */

interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly ts: number
  readonly dur?: number
  readonly pid: number
  readonly tid: number
  readonly args?: { readonly name?: string }
}

export interface TraceSummary {
  readonly longTasks: number
  readonly longestMs: number
  readonly inside: readonly { readonly name: string; readonly ms: number; readonly count: number }[]
}

export function summariseTrace(json: string, overMs = 50, top = 15): TraceSummary {
  const parsed = JSON.parse(json) as { traceEvents?: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? [])
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const onMain = events.filter((e) => mains.has(`${e.pid}:${e.tid}`) && e.ph === 'X')
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > overMs * 1000)
    .sort((a, b) => a.ts - b.ts)
  const totals = new Map<string, { ms: number; count: number }>()
  let t = 0
  for (const e of onMain.sort((a, b) => a.ts - b.ts)) {
    if (e.name === 'RunTask') continue
    while (
      t < tasks.length &&
      (tasks[t] as TraceEvent).ts + ((tasks[t] as TraceEvent).dur ?? 0) < e.ts
    )
      t++
    const task = tasks[t]
    if (!task || e.ts < task.ts) continue
    const entry = totals.get(e.name) ?? { ms: 0, count: 0 }
    entry.ms += (e.dur ?? 0) / 1000
    entry.count++
    totals.set(e.name, entry)
  }
  return {
    longTasks: tasks.length,
    longestMs: tasks.reduce((m, e) => Math.max(m, (e.dur ?? 0) / 1000), 0),
    inside: [...totals]
      .map(([name, v]) => ({ name, ms: Math.round(v.ms), count: v.count }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
  }
}
