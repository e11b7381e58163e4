import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'

/** The parts of the signed-in user's profile the app reads (spec §3 "Base user profile"). */
export interface AccountUser {
  readonly userId: string
  readonly nickName: string
  readonly loginName: string
  /** The login tag ([ROUTE-11]); a user without one must sign in. */
  readonly userTag: string
  readonly joinName?: string
  readonly userType?: string
  readonly phone?: string
  readonly hasPassword?: boolean
}

export interface AccountSource {
  currentUser(): Promise<AccountUser>
}

type Status = 'idle' | 'loading' | 'failed'

export interface Account {
  readonly user: AccountUser | null
  readonly status: Status
  /** [ROUTE-7] Fetches the user info (once at a time). */
  load(): Promise<AccountUser | null>
  /** Keeps a user after a login, or forgets it (logout, not logged in). */
  set(user: AccountUser | null): void
}

const KEY = 'roomcast.user'

/** [ROUTE-13] The login state is kept in browser storage: the profile only, never a secret. */
function readStored(): AccountUser | null {
  try {
    const raw = sessionStorage.getItem(KEY)
    const user = raw ? (JSON.parse(raw) as AccountUser) : null
    return user && typeof user.userId === 'string' && user.userId ? user : null
  } catch {
    return null
  }
}

function writeStored(user: AccountUser | null): void {
  try {
    if (user) {
      const { userId, nickName, loginName, userTag, joinName, userType, hasPassword } = user
      sessionStorage.setItem(
        KEY,
        JSON.stringify({ userId, nickName, loginName, userTag, joinName, userType, hasPassword }),
      )
    } else sessionStorage.removeItem(KEY)
  } catch {
    // Storage may be unavailable; the state then lasts for this page.
  }
}

const AccountContext = createContext<Account | null>(null)

export function AccountProvider({
  source,
  children,
}: {
  source: AccountSource
  children: ReactNode
}) {
  const [user, setUser] = useState<AccountUser | null>(readStored)
  const [status, setStatus] = useState<Status>('idle')
  const pending = useRef<Promise<AccountUser | null> | null>(null)

  const set = useCallback((next: AccountUser | null) => {
    writeStored(next)
    setUser(next)
  }, [])

  const load = useCallback(() => {
    pending.current ??= (async () => {
      setStatus('loading')
      try {
        const fetched = await source.currentUser()
        set(fetched)
        setStatus('idle')
        return fetched
      } catch {
        setStatus('failed')
        return null
      } finally {
        pending.current = null
      }
    })()
    return pending.current
  }, [source, set])

  useEffect(() => {
    const forget = () => setUser(null)
    listeners.add(forget)
    return () => void listeners.delete(forget)
  }, [])

  const value = useMemo(() => ({ user, status, load, set }), [user, status, load, set])
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>
}

export function useAccount(): Account {
  const account = useContext(AccountContext)
  if (!account) throw new Error('useAccount outside AccountProvider')
  return account
}

const listeners = new Set<() => void>()

/** Forgets the user (outside React: the not-logged-in hook, [API-2]). */
export function forgetUser(): void {
  writeStored(null)
  listeners.forEach((forget) => forget())
}
