// The phases of a join, seen from the joining page: bench:join installs TRACE in the page before
// any of its scripts and reads the marks after the first remote frame. Nothing in the app is
// changed for it: the page's WebSocket, RTCPeerConnection and History are wrapped, and the
// REST calls come from the browser's resource timing.

/** One mark: milliseconds since the page's time origin, and what happened. */
export interface Mark {
  readonly at: number
  readonly what: string
}

/**
 * Installed with `addInitScript` (a string, so the bench's transpiler adds no helper the page
 * lacks). Marks: `ws open /rtm`, `→/sfu join`, `←/sfu ack join`, `←/sfu offer`, `pc ice
 * connected`, `pc connected`, `pc track video`, `nav /meeting`, `dom tile {name}`, `dom video`,
 * `rest /api/…` and `chunk {name}` (response end).
 */
export const TRACE = `(() => {
  const marks = (window.joinTrace = [])
  const mark = (what, at) => marks.push({ at: at ?? performance.now(), what })
  const pathOf = (url) => { try { return new URL(url, location.href).pathname } catch { return String(url) } }
  const Native = window.WebSocket
  class TracedSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols)
      const path = pathOf(url)
      const asked = new Map()
      mark('ws new ' + path)
      this.addEventListener('open', () => mark('ws open ' + path))
      this.addEventListener('message', (m) => {
        let f
        try { f = JSON.parse(m.data) } catch { return }
        if (!f || typeof f.t !== 'string') return
        if ((f.t === 'ack' || f.t === 'error') && asked.has(f.id)) mark('←' + path + ' ' + f.t + ' ' + asked.get(f.id))
        else if (f.t !== 'ack') mark('←' + path + ' ' + f.t)
      })
      const send = this.send.bind(this)
      this.send = (data) => {
        try {
          const f = JSON.parse(data)
          if (f && typeof f.t === 'string') {
            if (f.id !== undefined) asked.set(f.id, f.t)
            mark('→' + path + ' ' + f.t + (Array.isArray(f.streams) ? ' ' + f.streams.length : ''))
          }
        } catch {}
        return send(data)
      }
    }
  }
  window.WebSocket = TracedSocket
  const NativePc = window.RTCPeerConnection
  class TracedPc extends NativePc {
    constructor(config) {
      super(config)
      mark('pc new')
      this.addEventListener('iceconnectionstatechange', () => mark('pc ice ' + this.iceConnectionState))
      this.addEventListener('connectionstatechange', () => mark('pc ' + this.connectionState))
      this.addEventListener('track', (e) => mark('pc track ' + e.track.kind))
    }
    async setRemoteDescription(d) {
      mark('pc setRemote ' + (d && d.type))
      const r = await super.setRemoteDescription(d)
      mark('pc remoteSet ' + (d && d.type))
      return r
    }
  }
  window.RTCPeerConnection = TracedPc
  for (const name of ['pushState', 'replaceState']) {
    const native = history[name].bind(history)
    history[name] = (state, title, url) => {
      if (url !== undefined && url !== null) mark('nav ' + pathOf(url))
      return native(state, title, url)
    }
  }
  // The room's tiles and their videos as they appear (the figure's label names the person).
  const seen = new WeakSet()
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('figure, figure video')) {
      if (seen.has(el)) continue
      seen.add(el)
      mark(el.tagName === 'VIDEO' ? 'dom video' : 'dom tile ' + (el.getAttribute('aria-label') || ''))
    }
  }).observe(document, { childList: true, subtree: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const path = pathOf(e.name)
      if (path.startsWith('/api/')) mark('rest ' + path.replace(/\\/[0-9a-f-]{8,}/g, '/…'), e.responseEnd)
      else if (path.endsWith('.js')) mark('chunk ' + path.split('/').pop().replace(/-[\\w-]{8}\\.js$/, ''), e.responseEnd)
    }
  }).observe({ type: 'resource', buffered: true })
})()`

/** The milestones printed per run, in the order of the join: the first mark matching each. */
export const MILESTONES: readonly { readonly name: string; readonly match: RegExp }[] = [
  { name: 'entry', match: /^rest \/api\/.*entry/ },
  { name: 'rtm login', match: /^←\/rtm ack login/ },
  { name: 'rtm join', match: /^←\/rtm ack join/ },
  { name: '/meeting', match: /^nav \/(m\/)?meeting/ },
  { name: 'tile', match: /^dom tile/ },
  { name: 'sfu new', match: /^ws new \/sfu/ },
  { name: 'sfu open', match: /^ws open \/sfu/ },
  { name: 'sfu joined', match: /^←\/sfu ack join/ },
  { name: 'video el', match: /^dom video/ },
  { name: 'want', match: /^→\/sfu want/ },
  // The host sends audio and video: a want of two streams or more asks for the video too.
  { name: 'want video', match: /^→\/sfu want ([2-9]|\d\d)/ },
  { name: 'offer', match: /^←\/sfu offer/ },
  { name: 'answer', match: /^→\/sfu answer/ },
  { name: 'started', match: /^←\/sfu ack answer/ },
  { name: 'ice', match: /^pc ice connected/ },
  { name: 'dtls', match: /^pc connected/ },
]

/** Each milestone's time after the click (ms), or null when it did not happen. */
export function milestones(marks: readonly Mark[], t0: number): Record<string, number | null> {
  const out: Record<string, number | null> = {}
  for (const { name, match } of MILESTONES) {
    const found = marks.find((m) => m.at >= t0 && match.test(m.what))
    out[name] = found ? Math.round(found.at - t0) : null
  }
  return out
}

/** One line: each milestone and the first frame, after the click. */
export function breakdownLine(row: Record<string, number | null>, frame: number): string {
  const parts = Object.entries(row).map(([k, v]) => `${k} ${v ?? '–'}`)
  return `  ${[...parts, `frame ${frame}`].join(' · ')}`
}

/** The median of each milestone over the runs where it happened. */
export function medianRow(rows: readonly Record<string, number | null>[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const { name } of MILESTONES) {
    const values = rows
      .map((r) => r[name])
      .filter((v): v is number => v !== null && v !== undefined)
      .sort((a, b) => a - b)
    if (values.length) out[name] = values[Math.floor(values.length / 2)] as number
  }
  return out
}
