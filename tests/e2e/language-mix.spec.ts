import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { expect, test } from './support/test'

/**
 * The live's language mix (Agora mode, src/adapters/agora-rtc/agora-language-mix.ts) in a real
 * browser's Web Audio: two tones stand for the room (440 Hz) and the interpreter (1500 Hz); an
 * analyser on the mix's output track reads each one's level. No server is involved: the class is
 * the one the Agora adapter runs, compiled as is.
 */
const mixSource = ts
  .transpileModule(readFileSync('src/adapters/agora-rtc/agora-language-mix.ts', 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  })
  .outputText.replace(/^export /gm, '')

test('language mix: the interpreter at 1.0 over the room at 0.2 (-14 dB); away, the room at 1.0; the same output track throughout', async ({
  page,
}) => {
  // A click gives the page the user activation an AudioContext needs to run.
  await page.setContent('<button>start</button>')
  await page.getByRole('button', { name: 'start' }).click()
  const levels = await page.evaluate(async (code) => {
    type Mix = {
      readonly track: MediaStreamTrack
      set(inputs: { floor: MediaStreamTrack[]; interpreter?: MediaStreamTrack }): void
    }
    const LanguageMix = new Function(`${code}; return LanguageMix`)() as new (
      c: AudioContext,
    ) => Mix
    const context = new AudioContext()
    await context.resume()
    const tone = (frequency: number) => {
      const oscillator = new OscillatorNode(context, { frequency })
      const out = context.createMediaStreamDestination()
      oscillator.connect(out)
      oscillator.start()
      return out.stream.getAudioTracks()[0]!
    }
    const room = tone(440)
    const interpreter = tone(1500)
    const mix = new LanguageMix(context)
    const output = mix.track
    const analyser = new AnalyserNode(context, { fftSize: 8192, smoothingTimeConstant: 0 })
    context.createMediaStreamSource(new MediaStream([output])).connect(analyser)
    const bins = new Float32Array(analyser.frequencyBinCount)
    const at = (f: number) => {
      const i = Math.round((f * analyser.fftSize) / context.sampleRate)
      return Math.max(bins[i - 1]!, bins[i]!, bins[i + 1]!)
    }
    // Each reading waits for the analyser's whole window (8192 samples) to hold the new mix.
    const read = async () => {
      await new Promise((resolve) => setTimeout(resolve, 600))
      analyser.getFloatFrequencyData(bins)
      return { room: at(440), interpreter: at(1500) }
    }
    mix.set({ floor: [room], interpreter })
    const heard = await read()
    mix.set({ floor: [room] })
    const away = await read()
    mix.set({ floor: [room], interpreter })
    const back = await read()
    mix.set({ floor: [] })
    const nobody = await read()
    return { heard, away, back, nobody, same: mix.track === output, live: output.readyState }
  }, mixSource)
  // 20·log10(0.2) = -13.98 dB: the room under the interpreter, against the room alone.
  expect(levels.heard.room - levels.away.room).toBeCloseTo(-13.98, 0)
  expect(Math.abs(levels.heard.interpreter - levels.away.room)).toBeLessThan(0.5)
  expect(levels.away.interpreter).toBeLessThan(-100)
  expect(levels.back.room).toBeCloseTo(levels.heard.room, 0)
  expect(levels.back.interpreter).toBeCloseTo(levels.heard.interpreter, 0)
  expect(Math.max(levels.nobody.room, levels.nobody.interpreter)).toBeLessThan(-100)
  expect([levels.same, levels.live]).toEqual([true, 'live'])
})
