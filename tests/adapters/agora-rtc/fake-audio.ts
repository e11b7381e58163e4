import { vi } from 'vitest'
import type { MixContext } from '../../../src/adapters/agora-rtc/agora-language-mix'

/** A Web Audio node of the fake context: what it is connected to, by name. */
export class FakeNode {
  readonly outputs = new Set<FakeNode>()
  constructor(readonly name: string) {}
  connect(to: FakeNode): FakeNode {
    this.outputs.add(to)
    return to
  }
  disconnect(): void {
    this.outputs.clear()
  }
}

export class FakeGain extends FakeNode {
  readonly gain = { value: 1 }
}

export const track = (id: string) =>
  ({ id, kind: 'audio', stop: vi.fn() }) as unknown as MediaStreamTrack & { stop: () => void }

/**
 * The three calls of an AudioContext the mix makes, typed by the DOM's own declarations
 * (MixContext picks them from AudioContext); the nodes record their connections.
 */
export class FakeContext implements MixContext {
  /** Each destination made (one per mix), with its output track. */
  readonly outs: (FakeNode & { readonly track: ReturnType<typeof track> })[] = []
  readonly sources: FakeNode[] = []
  readonly gains: FakeGain[] = []
  createMediaStreamDestination = vi.fn(() => {
    const mixed = track(this.outs.length === 0 ? 'mix' : `mix${this.outs.length + 1}`)
    const out = Object.assign(new FakeNode('out'), {
      track: mixed,
      stream: { getAudioTracks: () => [mixed] },
    })
    this.outs.push(out)
    return out as unknown as MediaStreamAudioDestinationNode
  })
  createMediaStreamSource = vi.fn((stream: MediaStream) => {
    const source = new FakeNode(`source ${stream.id}`)
    this.sources.push(source)
    return source as unknown as MediaStreamAudioSourceNode
  })
  createGain = vi.fn(() => {
    const gain = new FakeGain('gain')
    this.gains.push(gain)
    return gain as unknown as GainNode
  })
  /** The first mix's destination and output track. */
  get out() {
    return this.outs[0]!
  }
  get mixed() {
    return this.outs[0]!.track
  }
}

/** A MediaStream of one track, as the mix asks for one (jsdom and node have none). */
export const streamOf = (t: MediaStreamTrack) => ({ id: t.id }) as unknown as MediaStream
