import workletUrl from './rnnoise-worklet.ts?worker&url'

/** A running suppressor: `output` is the denoised microphone. */
export interface NoiseSuppressor {
  readonly output: MediaStreamTrack
  close(): void
}

/**
 * AI noise reduction in local mode: the microphone through RNNoise in an AudioWorklet, at
 * 48 kHz (RNNoise's rate). The worklet and its wasm load on first use only.
 */
export async function createNoiseSuppressor(input: MediaStreamTrack): Promise<NoiseSuppressor> {
  const context = new AudioContext({ sampleRate: 48000, latencyHint: 'interactive' })
  try {
    await context.audioWorklet.addModule(workletUrl)
    const source = context.createMediaStreamSource(new MediaStream([input]))
    const node = new AudioWorkletNode(context, 'rnnoise', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [1],
    })
    const destination = context.createMediaStreamDestination()
    source.connect(node).connect(destination)
    const output = destination.stream.getAudioTracks()[0]
    if (!output) throw new Error('no output track')
    // The context may start suspended until the page has had a gesture; the join click is one.
    void context.resume().catch(() => undefined)
    return {
      output,
      close() {
        source.disconnect()
        node.disconnect()
        output.stop()
        void context.close().catch(() => undefined)
      },
    }
  } catch (error) {
    void context.close().catch(() => undefined)
    throw error
  }
}
