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
  readonly args?: {
    readonly name?: string
    readonly data?: {
      readonly functionName?: string
      readonly url?: string
      readonly lineNumber?: number
      readonly columnNumber?: number
      readonly type?: string
    }
  }
}

export interface TraceSummary {
  readonly longTasks: number
  readonly longestMs: number
  readonly inside: readonly { readonly name: string; readonly ms: number; readonly count: number }[]
}

/** The complete events ('X') of the renderer's main thread in a Chrome trace. */
function mainThreadEvents(json: string): TraceEvent[] {
  const parsed = JSON.parse(json) as { traceEvents?: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? [])
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  return events.filter((e) => mains.has(`${e.pid}:${e.tid}`) && e.ph === 'X')
}

export function summariseTrace(json: string, overMs = 50, top = 15): TraceSummary {
  const onMain = mainThreadEvents(json)
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

/** One long task of the page's main thread, and where its time went (self time by label). */
export interface LongTask {
  /** µs on the trace's clock (a CPU profile's too). */
  readonly ts: number
  readonly ms: number
  readonly inside: readonly { readonly name: string; readonly ms: number }[]
}

/** A trace event named for people: a script call with its function, an event with its type. */
function labelOf(e: TraceEvent): string {
  const data = e.args?.data
  if (e.name === 'FunctionCall' && data) {
    const file = (data.url ?? '').split('/').pop() ?? ''
    return `FunctionCall ${data.functionName || '(anonymous)'} ${file}:${(data.lineNumber ?? 0) + 1}:${(data.columnNumber ?? 0) + 1}`
  }
  if (e.name === 'EventDispatch' && data?.type) return `EventDispatch ${data.type}`
  return e.name
}

/**
 * Each task over `overMs` on the renderer's main thread, in order, with the self time of the
 * events inside it by label (nested events are taken out of their parent: a partition).
 */
export function longTasksOf(json: string, overMs = 50, top = 8): LongTask[] {
  const onMain = mainThreadEvents(json).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const out: LongTask[] = []
  for (let i = 0; i < onMain.length; i++) {
    const task = onMain[i] as TraceEvent
    if (task.name !== 'RunTask' || (task.dur ?? 0) <= overMs * 1000) continue
    const end = task.ts + (task.dur ?? 0)
    const self = new Map<string, number>()
    const stack: { end: number; label: string }[] = [{ end, label: '(task itself)' }]
    self.set('(task itself)', task.dur ?? 0)
    for (let j = i + 1; j < onMain.length; j++) {
      const e = onMain[j] as TraceEvent
      if (e.ts >= end) break
      const dur = Math.min(e.dur ?? 0, end - e.ts)
      while (stack.length > 1 && (stack.at(-1) as { end: number }).end <= e.ts) stack.pop()
      const parent = stack.at(-1) as { end: number; label: string }
      self.set(parent.label, (self.get(parent.label) ?? 0) - dur)
      const label = labelOf(e)
      self.set(label, (self.get(label) ?? 0) + dur)
      stack.push({ end: e.ts + dur, label })
    }
    out.push({
      ts: task.ts,
      ms: Math.round((task.dur ?? 0) / 100) / 10,
      inside: [...self]
        .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10 }))
        .filter((x) => x.ms >= 1)
        .sort((a, b) => b.ms - a.ms)
        .slice(0, top),
    })
  }
  return out
}
