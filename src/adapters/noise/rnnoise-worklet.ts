// The AudioWorklet processor 'rnnoise': RNNoise (@jitsi/rnnoise-wasm, the build with the wasm
// inlined, which compiles synchronously inside a worklet) over the microphone, frame by frame.
// Switched on and off by a message on its port; off, it passes the audio through untouched.
import createRNNWasmModuleSync from '@jitsi/rnnoise-wasm/dist/rnnoise-sync.js'
import { FrameBuffer, RNNOISE_FRAME } from './frame-buffer'

declare abstract class AudioWorkletProcessor {
  readonly port: MessagePort
  constructor()
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void

interface RnnoiseModule {
  HEAPF32: Float32Array
  _malloc(bytes: number): number
  _rnnoise_create(): number
  _rnnoise_destroy(state: number): void
  _rnnoise_process_frame(state: number, out: number, input: number): number
}

/** RNNoise takes samples in the 16-bit range. */
const SCALE = 32768

class RnnoiseProcessor extends AudioWorkletProcessor {
  private enabled = true
  private readonly wasm = createRNNWasmModuleSync() as unknown as RnnoiseModule
  private readonly state = this.wasm._rnnoise_create()
  private readonly pointer = this.wasm._malloc(RNNOISE_FRAME * 4)
  private readonly buffer = new FrameBuffer((frame) => this.denoise(frame))

  constructor() {
    super()
    this.port.onmessage = (e: MessageEvent<{ enabled?: boolean; close?: boolean }>) => {
      if (typeof e.data.enabled === 'boolean') this.enabled = e.data.enabled
    }
  }

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0]
    const output = outputs[0]?.[0]
    if (!input || !output) return true
    if (this.enabled) this.buffer.push(input, output)
    else output.set(input)
    for (const channel of outputs[0]?.slice(1) ?? []) channel.set(output)
    return true
  }

  private denoise(frame: Float32Array): void {
    const at = this.pointer >> 2
    const heap = this.wasm.HEAPF32
    for (let i = 0; i < RNNOISE_FRAME; i++) heap[at + i] = (frame[i] ?? 0) * SCALE
    this.wasm._rnnoise_process_frame(this.state, this.pointer, this.pointer)
    for (let i = 0; i < RNNOISE_FRAME; i++) frame[i] = (heap[at + i] ?? 0) / SCALE
  }
}

registerProcessor('rnnoise', RnnoiseProcessor)
