/**
 * How loud the room stays under an interpreter in a language's sound: 0.2 (about -14 dB), as
 * local mode's mixer makes it (src/server/media/compose/mixer.ts FLOOR_UNDER_INTERPRETER).
 */
export const FLOOR_UNDER_INTERPRETER = 0.2

/** What a language mix uses of a Web Audio context: an AudioContext (a fake in tests). */
export type MixContext = Pick<
  AudioContext,
  'createGain' | 'createMediaStreamSource' | 'createMediaStreamDestination'
>

/** The mix's inputs: the room's sound (interpreters left out) and the interpreter, if heard. */
export interface MixInputs {
  readonly floor: readonly MediaStreamTrack[]
  readonly interpreter?: MediaStreamTrack | undefined
}

interface Input {
  readonly source: MediaStreamAudioSourceNode
  readonly gain: GainNode
}

const streamOfTrack = (track: MediaStreamTrack) => new MediaStream([track])

/**
 * One interpreted language's sound in the live pusher's browser (Agora mode), as local mode's
 * mixer makes it: the interpreter at 1.0 over the room's sound at 0.2; while the interpreter is
 * not heard, the room's sound alone at 1.0. Each input track is a Web Audio source through its own
 * gain into one destination, whose track (`track`) a stage client publishes. Inputs come and go
 * and gains change in place: the output track stays the same, so its push never restarts.
 */
export class LanguageMix {
  private readonly out: MediaStreamAudioDestinationNode
  private readonly inputs = new Map<MediaStreamTrack, Input>()

  constructor(
    private readonly context: MixContext,
    private readonly streamOf: (track: MediaStreamTrack) => MediaStream = streamOfTrack,
  ) {
    this.out = context.createMediaStreamDestination()
  }

  /** The mix as one audio track. */
  get track(): MediaStreamTrack {
    const track = this.out.stream.getAudioTracks()[0]
    if (!track) throw new Error('the mix has no audio track')
    return track
  }

  /** Mixes these inputs from now on: new tracks join, gone ones leave, gains follow. */
  set({ floor, interpreter }: MixInputs): void {
    const wanted = new Map<MediaStreamTrack, number>()
    const floorGain = interpreter ? FLOOR_UNDER_INTERPRETER : 1
    for (const track of floor) wanted.set(track, floorGain)
    if (interpreter) wanted.set(interpreter, 1)
    for (const [track, input] of [...this.inputs])
      if (!wanted.has(track)) {
        this.inputs.delete(track)
        input.source.disconnect()
        input.gain.disconnect()
      }
    for (const [track, level] of wanted) {
      let input = this.inputs.get(track)
      if (!input) {
        input = {
          source: this.context.createMediaStreamSource(this.streamOf(track)),
          gain: this.context.createGain(),
        }
        input.source.connect(input.gain)
        input.gain.connect(this.out)
        this.inputs.set(track, input)
      }
      input.gain.gain.value = level
    }
  }

  /** Each input's gain now, by track (tests and stats). */
  levels(): ReadonlyMap<MediaStreamTrack, number> {
    return new Map([...this.inputs].map(([track, input]) => [track, input.gain.gain.value]))
  }

  /** Leaves every input and stops the output track. */
  close(): void {
    this.set({ floor: [] })
    this.out.stream.getAudioTracks().forEach((t) => t.stop())
  }
}
