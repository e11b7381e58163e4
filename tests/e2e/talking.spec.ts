import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { expect, test, type Browser } from './support/test'
import { joinRoom, menu, roomName } from './support/room'

/**
 * A voice-like sound as a WAV file (48 kHz, mono, 16 bits): a fundamental gliding between 120
 * and 240 Hz with its harmonics, its loudness rising and falling four times a second but never
 * silent. Chromium's own fake microphone beeps 20 ms in every 500, far too little to count as
 * talking.
 */
function voiceWav(seconds: number): Buffer {
  const rate = 48_000
  const n = rate * seconds
  const data = Buffer.alloc(n * 2)
  let phase = 0
  for (let i = 0; i < n; i++) {
    const t = i / rate
    const f0 = 180 + 60 * Math.sin(2 * Math.PI * 0.7 * t)
    phase += (2 * Math.PI * f0) / rate
    const voice = Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.3 * Math.sin(3 * phase)
    const loudness = 0.65 + 0.35 * Math.sin(2 * Math.PI * 4 * t)
    const sample = Math.max(-1, Math.min(1, (voice / 1.8) * loudness * 0.8))
    data.writeInt16LE(Math.round(sample * 32767), i * 2)
  }
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

let talkers: Browser
test.beforeAll(async () => {
  const wav = join(mkdtempSync(join(tmpdir(), 'roomcast-voice-')), 'voice.wav')
  writeFileSync(wav, voiceWav(10))
  // Every microphone of this browser speaks (the file loops).
  talkers = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${wav}`],
  })
})
test.afterAll(() => talkers?.close())

test('the active speaker: a tile shows its ring while its person talks (Janus audio levels through the SFU), and not after the microphone goes off', async () => {
  const origin = `http://127.0.0.1:${process.env.E2E_PORT}`
  const room = roomName('talk')
  const host = await joinRoom(talkers, { room, name: 'Hana Host', role: 'Host' }, origin)
  const carl = await joinRoom(talkers, { room, name: 'Carl Conferee', role: 'Conferee' }, origin)
  const hana = carl.getByRole('figure', { name: 'Hana Host', exact: true })
  await expect(host.getByRole('img', { name: 'Hana Host: microphone on' })).toBeVisible({
    timeout: 15_000,
  })
  // Janus counts a speaker after half a second of loud audio; the first packets take a while here.
  await expect(hana).toHaveAttribute('data-talking', 'on', { timeout: 20_000 })
  await expect(host.getByRole('figure', { name: 'Hana Host', exact: true })).toHaveAttribute(
    'data-talking',
    'on',
  )
  // The microphone off: the ring goes (no audio comes any more to be loud).
  await menu(host).getByRole('button', { name: 'Audio' }).click()
  await expect(menu(host).getByRole('button', { name: 'Audio' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await expect(hana).not.toHaveAttribute('data-talking', 'on', { timeout: 15_000 })
  await host.context().close()
  await carl.context().close()
})
