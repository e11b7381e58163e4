import type { Settings } from '../config'

/** Delivers a login code. Nothing but a sender ever sees a code; nothing logs one. */
export interface SmsSender {
  readonly name: string
  send(phone: string, code: string): Promise<void>
}

export class SmsUnavailable extends Error {}

const text = (code: string) => `Your roomcast login code is ${code}. It expires in 5 minutes.`

/**
 * The sender the settings choose: a webhook (POST `{ phone, code, text }` to a bridge to an SMS
 * provider) when SMS_WEBHOOK_URL is set; else the console sender, which prints the code as its
 * delivery, for development. In production the console sender is refused unless SMS_CONSOLE
 * enables it.
 */
export function createSmsSender(
  settings: Pick<Settings, 'smsWebhookUrl' | 'smsConsole'>,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): SmsSender {
  if (settings.smsWebhookUrl) {
    const url = settings.smsWebhookUrl
    return {
      name: 'webhook',
      async send(phone, code) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone, code, text: text(code) }),
          signal: AbortSignal.timeout(10_000),
        }).catch(() => null)
        if (!response?.ok) throw new SmsUnavailable('the SMS service did not accept the message')
      },
    }
  }
  if (settings.smsConsole)
    return {
      name: 'console',
      async send(phone, code) {
        out(`[sms] to ${phone}: ${text(code)}`)
      },
    }
  return {
    name: 'none',
    async send() {
      throw new SmsUnavailable('SMS delivery is not configured')
    },
  }
}
