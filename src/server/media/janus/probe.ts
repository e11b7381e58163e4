import Janode from 'janode'

/** How our server reaches a running Janus. Secrets stay in memory; nothing here is logged. */
export interface JanusEndpoint {
  readonly url: string
  readonly token?: string
  readonly apiSecret?: string
  readonly adminUrl?: string
  readonly adminSecret?: string
}

// janode prints its own configuration (secrets included) at its verbose level: keep it silent;
// our server logs what matters itself.
Janode.Logger.setLevel('none')

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * One health check: a fresh connection asks Janus for its info (over the Admin API when we run
 * Janus ourselves, else over the Janus API) and closes. Rejects when Janus does not answer in
 * time.
 */
export async function probeJanus(endpoint: JanusEndpoint, timeoutMs: number): Promise<void> {
  const admin = endpoint.adminUrl !== undefined
  const connecting = Janode.connect({
    address: admin
      ? { url: endpoint.adminUrl!, apisecret: endpoint.adminSecret }
      : { url: endpoint.url, apisecret: endpoint.apiSecret, token: endpoint.token },
    is_admin: admin,
    max_retries: 0,
    retry_time_secs: 1,
  })
  const connection = await withTimeout(connecting, timeoutMs, 'connecting to Janus').catch(
    (error: unknown) => {
      // A connection that opens after the timeout is closed at once.
      connecting.then((late) => late.close().catch(() => undefined)).catch(() => undefined)
      throw error
    },
  )
  // An error after the answer (the socket closing) is no failure of the check.
  connection.on(Janode.EVENT.CONNECTION_ERROR, () => undefined)
  try {
    await withTimeout(connection.getInfo(), timeoutMs, 'Janus info')
  } finally {
    await connection.close().catch(() => undefined)
  }
}

export { withTimeout }
