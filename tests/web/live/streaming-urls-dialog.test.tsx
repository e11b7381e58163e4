// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { RestFailure } from '@streams/ports/rest'
import type { LanguageStream } from '@streams/wire/rest/live'
import { setupI18n } from '../setup-i18n'

const calls: { path: string; body?: unknown }[] = []
let listed: LanguageStream[] = []
/** The room's own push in the setting (Agora mode's AGORA_LIVE_PUSH_URL), or nothing. */
let own: Record<string, string> = {}
vi.mock('../../../src/web/session/routes', () => ({
  routes: {
    call: vi.fn(async (_service: unknown, route: { path: string }, args: { body?: unknown }) => {
      calls.push({ path: route.path, body: args.body })
      if (route.path.endsWith('/add')) {
        const body = args.body as { languageName: string; languageType: string; pushUrl?: string }
        // The server's refusal of a push URL that is not RTMP ([API-3]: field and reason).
        if (body.pushUrl && !/^rtmps?:\/\//.test(body.pushUrl))
          throw new RestFailure(
            'params: pushUrl must match pattern',
            400,
            400,
            'pushUrl',
            'pattern',
          )
        listed = [...listed, stream(body.languageName, body.languageType, body.pushUrl ?? '')]
        return listed
      }
      if (route.path.endsWith('/delete')) {
        const { streamId } = args.body as { streamId: string }
        return (listed = listed.filter((s) => s.streamId !== streamId))
      }
      return { streamingUrls: listed, ...own }
    }),
  },
}))

const stream = (languageName: string, languageType: string, pushUrl: string): LanguageStream => ({
  streamId: `s-${languageType}`,
  languageType,
  languageName,
  languageIcon: '',
  languageIconActive: '',
  pullUrl: '',
  pushUrl,
  pushState: '',
  pushError: '',
  interpreterUid: '',
  liveUrl: '',
})

beforeAll(async () => {
  await setupI18n('en')
})
beforeEach(() => {
  listed = []
  own = {}
  calls.length = 0
})
afterEach(cleanup)

async function show(liveOn: boolean) {
  const { StreamingUrlsDialog } = await import('../../../src/web/live/StreamingUrlsDialog')
  render(
    <FluentProvider theme={webLightTheme}>
      <StreamingUrlsDialog
        roomId="r1"
        liveOn={liveOn}
        people={[{ uid: '1001', userName: 'Ivy Interpreter' }]}
        open
        onClose={() => undefined}
      />
    </FluentProvider>,
  )
}

function fill(name: string, code: string, push: string) {
  fireEvent.change(screen.getByLabelText(/^Language name/), { target: { value: name } })
  fireEvent.change(screen.getByLabelText(/^Language code/), { target: { value: code } })
  fireEvent.change(screen.getByLabelText(/^Push URL/), { target: { value: push } })
  fireEvent.click(screen.getByRole('button', { name: 'Add streaming URL' }))
}

describe("[LIVE-1] the room's own stream", () => {
  it("where the host's client pushes it (Agora mode): its key hidden, how the push goes, where the audience plays it", async () => {
    own = {
      pushUrl: 'rtmp://push.example.com/live/ch1?key=room-secret',
      pushState: 'retrying',
      pushError: 'LIVE_STREAMING_CDN_ERROR: refused',
      liveUrl: 'https://pull.example.com/live/ch1.m3u8',
    }
    await show(true)
    const row = await screen.findByTestId('own-stream')
    expect(row.textContent).toContain('This room’s own stream')
    expect(row.textContent).toContain('rtmp://push.example.com/live/••••')
    expect(row.textContent).not.toContain('room-secret')
    expect(row.querySelector('[role=status]')?.textContent).toBe(
      'Failed: LIVE_STREAMING_CDN_ERROR: refused (trying again)',
    )
    expect(row.textContent).toContain('Audience plays: https://pull.example.com/live/ch1.m3u8')
  })

  it('is not shown where this server pushes (local mode gives no push URL)', async () => {
    await show(true)
    await screen.findByText('No streaming URLs yet')
    expect(screen.queryByTestId('own-stream')).toBeNull()
  })
})

describe('[LIVE-1] the host manages the streaming URLs', () => {
  it('refuses a push URL that is not RTMP with a clear error, adds an RTMP one with its key hidden, removes it', async () => {
    await show(false)
    await screen.findByText('No streaming URLs yet')
    fill('English', 'en', 'http://cdn.example.com/live/en')
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The push URL must be an rtmp:\/\/ or rtmps:\/\/ address/,
    )
    expect(screen.queryByRole('listitem')).toBeNull()

    fill('English', 'en', 'rtmp://ingest.example.com/live/secret-key')
    const row = await screen.findByRole('listitem', { name: 'English' })
    expect(calls.filter((c) => c.path.endsWith('/add')).at(-1)?.body).toEqual({
      languageName: 'English',
      languageType: 'en',
      pushUrl: 'rtmp://ingest.example.com/live/secret-key',
    })
    expect(row.textContent).toContain('rtmp://ingest.example.com/live/••••')
    expect(row.textContent).not.toContain('secret-key')
    expect(screen.getByRole('status').textContent).toBe('Not pushing: the live is off')
    // The form is emptied for the next language.
    expect((screen.getByLabelText(/^Push URL/) as HTMLInputElement).value).toBe('')

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.queryByRole('listitem')).toBeNull())
    expect(calls.at(-1)).toEqual({
      path: 'room/:roomId/streamingUrls/delete',
      body: { streamId: 's-en' },
    })
  })

  it('while live, shows each push as pushing, or failed with its reason', async () => {
    listed = [
      { ...stream('English', 'en', 'rtmp://a.example.com/live/k1'), pushState: 'running' },
      {
        ...stream('Deutsch', 'de', 'rtmp://b.example.com/live/k2'),
        pushState: 'retrying',
        pushError: 'Connection to tcp://b.example.com:1935 failed: Connection refused',
      },
    ]
    await show(true)
    const english = await screen.findByRole('listitem', { name: 'English' })
    const deutsch = screen.getByRole('listitem', { name: 'Deutsch' })
    expect(english.querySelector('[role=status]')?.textContent).toBe('Pushing')
    expect(deutsch.querySelector('[role=status]')?.textContent).toBe(
      'Failed: Connection to tcp://b.example.com:1935 failed: Connection refused (trying again)',
    )
  })
})
