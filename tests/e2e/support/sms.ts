import { createServer, type Server } from 'node:http'

/**
 * The e2e server's interval between two SMS codes to one phone (60 s in production): a test that
 * needs a second code for its phone waits this long, not a minute.
 */
export const SMS_RESEND_SECONDS = 10

/**
 * The SMS bridge the server posts login codes to (SMS_WEBHOOK_URL, `{ phone, code, text }`):
 * the tests read the codes a phone received, as a user reads their phone.
 */
export class SmsInbox {
  private readonly codes = new Map<string, string[]>()
  private readonly waiters = new Set<() => void>()
  private server: Server | null = null

  async start(port = Number(process.env.E2E_SMS_PORT)): Promise<void> {
    this.server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        try {
          const { phone, code } = JSON.parse(body) as { phone: string; code: string }
          this.codes.set(phone, [...(this.codes.get(phone) ?? []), code])
          this.waiters.forEach((wake) => wake())
          response.writeHead(200).end('{}')
        } catch {
          response.writeHead(400).end()
        }
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve))
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    )
  }

  /** Forgets the codes `phone` received (the next `code()` waits for a new one). */
  clear(phone: string): void {
    this.codes.delete(phone)
  }

  /** The newest code sent to `phone`, waiting up to `timeout` ms for one. */
  async code(phone: string, timeout = 10_000): Promise<string> {
    const deadline = Date.now() + timeout
    for (;;) {
      const latest = this.codes.get(phone)?.at(-1)
      if (latest) return latest
      if (Date.now() > deadline) throw new Error(`no SMS code for ${phone}`)
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake)
          resolve()
        }
        this.waiters.add(wake)
        setTimeout(wake, 200)
      })
    }
  }
}
