import { cameraPreviewConstraints, microphonePreviewConstraints } from './preview-constraints'

/** A running preview of one device; stop() releases it. */
export interface Preview {
  stop(): void
}

/** Shows a camera in the container (its own <video>, muted). */
export async function previewCamera(deviceId: string, container: HTMLElement): Promise<Preview> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: cameraPreviewConstraints(deviceId),
  })
  const video = document.createElement('video')
  video.autoplay = true
  video.muted = true
  video.playsInline = true
  Object.assign(video.style, { width: '100%', height: '100%', objectFit: 'cover' })
  video.srcObject = stream
  container.appendChild(video)
  video.play().catch(() => undefined)
  return {
    stop() {
      for (const track of stream.getTracks()) track.stop()
      video.srcObject = null
      video.remove()
    },
  }
}

/** Reports a microphone's level, 0..1, about ten times a second. */
export async function previewMicrophone(
  deviceId: string,
  onLevel: (level: number) => void,
): Promise<Preview> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: microphonePreviewConstraints(deviceId),
  })
  const context = new AudioContext()
  const analyser = context.createAnalyser()
  analyser.fftSize = 512
  context.createMediaStreamSource(stream).connect(analyser)
  const samples = new Float32Array(analyser.fftSize)
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples)
    let sum = 0
    for (const s of samples) sum += s * s
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4))
  }, 100)
  return {
    stop() {
      clearInterval(timer)
      for (const track of stream.getTracks()) track.stop()
      void context.close()
    },
  }
}

/** Plays a short tone on a speaker (setSinkId) so the user hears which one it is. */
export async function testSpeaker(deviceId: string): Promise<void> {
  const context = new AudioContext() as AudioContext & { setSinkId?: (id: string) => Promise<void> }
  try {
    await context.setSinkId?.(deviceId)
    const tone = context.createOscillator()
    const gain = context.createGain()
    tone.frequency.value = 660
    gain.gain.setValueAtTime(0.2, context.currentTime)
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.6)
    tone.connect(gain).connect(context.destination)
    tone.start()
    tone.stop(context.currentTime + 0.6)
    await new Promise((resolve) => (tone.onended = resolve))
  } finally {
    await context.close()
  }
}
