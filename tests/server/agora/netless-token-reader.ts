import { createHmac } from 'node:crypto'

const ROLES: Record<string, string> = { '0': 'admin', '1': 'writer', '2': 'reader' }

/** A Netless token read back: `PREFIX_` + base64url of a query of sorted, signed fields. */
export interface ReadToken {
  readonly prefix: string
  readonly role: string | undefined
  readonly ak: string | undefined
  readonly uuid: string | undefined
  /** Epoch ms; undefined for a token without expiry. */
  readonly expireAt: number | undefined
  /** The signature checked against the secret key (when one was given). */
  readonly signed: boolean | undefined
}

/**
 * Decodes a token the way Netless reads one: `sig` is the hex HMAC-SHA256, under the secret
 * key, of the JSON of the other fields with their keys sorted and values as strings.
 */
export function readNetlessToken(token: string, secretKey?: string): ReadToken {
  const match = /^(NETLESS[A-Z]+_)([A-Za-z0-9_-]+)$/.exec(token)
  if (!match) throw new Error(`not a Netless token: ${token.slice(0, 20)}…`)
  const query = new URLSearchParams(Buffer.from(match[2]!, 'base64url').toString('utf8'))
  const fields = Object.fromEntries(query)
  const { sig, ...signedFields } = fields
  let signed: boolean | undefined
  if (secretKey !== undefined) {
    const sorted = Object.fromEntries(
      Object.keys(signedFields)
        .sort()
        .map((k) => [k, String(signedFields[k])]),
    )
    const expected = createHmac('sha256', secretKey).update(JSON.stringify(sorted)).digest('hex')
    signed = sig === expected
  }
  return {
    prefix: match[1]!,
    role: ROLES[fields.role ?? ''],
    ak: fields.ak,
    uuid: fields.uuid,
    expireAt: fields.expireAt === undefined ? undefined : Number(fields.expireAt),
    signed,
  }
}
