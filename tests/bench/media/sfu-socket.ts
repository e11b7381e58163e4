import WebSocket from 'ws'

/** The SFU signalling from Node: numbered requests, pushed feeds and offers. */
export class SfuPeerSocket {
  private nextId = 1
  private readonly waiters = new Map<number, (frame: any) => void>()
  private latestFeeds: any[] = []
  private offerHandler: ((sdp: string) => Promise<void>) | undefined

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString())
      if ((frame.t === 'ack' || frame.t === 'error') && this.waiters.has(frame.id)) {
        this.waiters.get(frame.id)!(frame)
        this.waiters.delete(frame.id)
        if (frame.t === 'ack' && frame.data?.feeds) this.latestFeeds = frame.data.feeds
        return
      }
      if (frame.t === 'feeds') this.latestFeeds = frame.feeds
      if (frame.t === 'offer') void this.offerHandler?.(frame.sdp)
    })
  }

  static open(url: string): Promise<SfuPeerSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url)
      socket.once('open', () => resolve(new SfuPeerSocket(socket)))
      socket.once('error', reject)
    })
  }

  onOffer(handler: (sdp: string) => Promise<void>): void {
    this.offerHandler = handler
  }

  feeds(): any[] {
    return this.latestFeeds
  }

  request(frame: Record<string, unknown>): Promise<any> {
    const id = this.nextId++
    return new Promise((resolve) => {
      this.waiters.set(id, resolve)
      this.socket.send(JSON.stringify({ ...frame, id }))
    })
  }

  close(): void {
    this.socket.close()
  }
}
