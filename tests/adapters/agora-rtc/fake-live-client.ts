import type { LiveStreamingTranscodingConfig } from 'agora-rtc-sdk-ng'
import { vi } from 'vitest'
import type { LiveClient } from '../../../src/adapters/agora-rtc/agora-live'

type Listener = (url: string, error: { code: string; message: string }) => void

/**
 * The live-streaming part of agora-rtc-sdk-ng's client, typed by the SDK's own declarations
 * (`LiveClient` picks them from IAgoraRTCClient): each call is recorded in order; the test
 * fires the SDK's live-streaming-error and -warning callbacks.
 */
export class FakeLiveClient implements LiveClient {
  readonly log: string[] = []
  readonly listeners = new Map<string, Listener>()
  failStart = new Set<string>()
  failTranscoding = false
  setLiveTranscoding = vi.fn(async (config: LiveStreamingTranscodingConfig): Promise<void> => {
    this.log.push(`transcoding ${config.transcodingUsers?.map((u) => u.uid).join(',')}`)
    if (this.failTranscoding)
      throw Object.assign(new Error('bad argument'), { code: 'LIVE_STREAMING_INVALID_ARGUMENT' })
  })
  startLiveStreaming = vi.fn(async (url: string, transcodingEnabled?: boolean): Promise<void> => {
    this.log.push(`start ${url} ${transcodingEnabled}`)
    if (this.failStart.has(url))
      throw Object.assign(new Error(`cannot push to ${url}`), { code: 'LIVE_STREAMING_CDN_ERROR' })
  })
  stopLiveStreaming = vi.fn(async (url: string): Promise<void> => {
    this.log.push(`stop ${url}`)
  })
  on = vi.fn((event: string, listener: (...args: never[]) => unknown): void => {
    this.listeners.set(event, listener as Listener)
  })
  off = vi.fn((event: string, listener: (...args: never[]) => unknown): void => {
    if (this.listeners.get(event) === listener) this.listeners.delete(event)
  })
  fire(event: 'live-streaming-error' | 'live-streaming-warning', url: string, code: string) {
    this.listeners.get(event)?.(url, { code, message: `${code} at ${url}` })
  }
}
