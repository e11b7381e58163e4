// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { InputUser } from '@streams/wire/rest/inputs'
import { setupI18n } from '../setup-i18n'

const calls: { path: string; body?: unknown }[] = []
let listed: InputUser[] = []
vi.mock('../../../src/web/session/routes', () => ({
  routes: {
    call: vi.fn(async (_service: unknown, route: { path: string }, args: { body?: unknown }) => {
      calls.push({ path: route.path, body: args.body })
      if (route.path.endsWith('/add')) {
        const body = args.body as { kind: 'rtmp'; name: string }
        listed = [...listed, { ...rtmp, name: body.name }]
        return listed.at(-1)
      }
      if (route.path.endsWith('/delete')) return (listed = [])
      return listed
    }),
  },
}))

const rtmp: InputUser = {
  uid: '4321',
  name: 'Stage',
  kind: 'rtmp',
  state: 'live',
  error: '',
  ingestUrl: 'rtmp://meet.example.com:1935/live',
  streamKey: 'secret-key',
  sourceUrl: '',
}

beforeAll(async () => {
  await setupI18n('en')
})
afterEach(cleanup)

describe('[RTMP-1] the host manages input users', () => {
  it('adds an RTMP input and shows its server URL and stream key, its state, and removes it', async () => {
    const { InputsDialog } = await import('../../../src/web/live/InputsDialog')
    render(
      <FluentProvider theme={webLightTheme}>
        <InputsDialog roomId="r1" open onClose={() => undefined} />
      </FluentProvider>,
    )
    await screen.findByText('No inputs yet')
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Stage camera' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add input' }))
    const row = await screen.findByRole('listitem', { name: 'Stage camera' })
    expect(calls.find((c) => c.path.endsWith('/add'))?.body).toEqual({
      kind: 'rtmp',
      name: 'Stage camera',
    })
    expect(row.textContent).toContain('In the room')
    expect((screen.getByLabelText('Server') as HTMLInputElement).value).toBe(rtmp.ingestUrl)
    expect((screen.getByLabelText('Stream key') as HTMLInputElement).value).toBe('secret-key')
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.queryByRole('listitem')).toBeNull())
    expect(calls.at(-1)).toEqual({ path: 'room/:roomId/input/delete', body: { uid: '4321' } })
  })
})
