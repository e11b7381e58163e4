/** RNNoise works on 10 ms frames: 480 samples at 48 kHz. */
export const RNNOISE_FRAME = 480

/**
 * Re-blocks a stream of small render quanta (128 samples in an AudioWorklet) into whole
 * RNNoise frames and back, with one frame of latency: `push` takes a quantum in and gives a
 * quantum out. Pure, so it is tested without audio.
 */
export class FrameBuffer {
  private readonly input = new Float32Array(RNNOISE_FRAME)
  private filled = 0
  private readonly output: Float32Array
  private read = 0
  private write: number
  private readonly size: number

  constructor(
    private readonly processFrame: (frame: Float32Array) => void,
    quantum = 128,
  ) {
    // Room for the one frame of latency plus the quanta in flight.
    this.size = RNNOISE_FRAME * 2 + quantum * 2
    this.output = new Float32Array(this.size)
    this.write = RNNOISE_FRAME // start one frame ahead: the latency, as silence
  }

  push(quantum: Float32Array, out: Float32Array): void {
    let offset = 0
    while (offset < quantum.length) {
      const take = Math.min(quantum.length - offset, RNNOISE_FRAME - this.filled)
      this.input.set(quantum.subarray(offset, offset + take), this.filled)
      this.filled += take
      offset += take
      if (this.filled === RNNOISE_FRAME) {
        this.processFrame(this.input)
        for (let i = 0; i < RNNOISE_FRAME; i++) {
          this.output[this.write] = this.input[i] ?? 0
          this.write = (this.write + 1) % this.size
        }
        this.filled = 0
      }
    }
    for (let i = 0; i < out.length; i++) {
      out[i] = this.output[this.read] ?? 0
      this.output[this.read] = 0
      this.read = (this.read + 1) % this.size
    }
  }
}
