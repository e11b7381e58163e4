// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CodeField } from '../../../../src/web/screens/login/CodeField'
import { setupI18n } from '../../setup-i18n'

beforeAll(() => setupI18n('en'))
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function Field({ send }: { send: () => Promise<number | null> }) {
  const [code, setCode] = useState('')
  return <CodeField label="Code" value={code} onChange={setCode} send={send} disabled={false} />
}

const button = () => screen.getByRole('button')

describe('the code field of the login screens', () => {
  it('sends a code, then waits out the resend countdown the server gave before offering to resend', async () => {
    vi.useFakeTimers()
    const send = vi.fn(async () => 2)
    render(<Field send={send} />)
    expect(button().textContent).toBe('Send code')
    await act(async () => fireEvent.click(button()))
    expect(send).toHaveBeenCalledTimes(1)
    expect(button().hasAttribute('disabled')).toBe(true)
    expect(screen.getByText(/sent/i)).toBeTruthy()
    await act(async () => vi.advanceTimersByTime(1000))
    expect(button().hasAttribute('disabled')).toBe(true)
    await act(async () => vi.advanceTimersByTime(1000))
    expect(button().hasAttribute('disabled')).toBe(false)
    expect(button().textContent).toBe('Send again')
  })

  it('stays ready to send again when sending failed, with no countdown', async () => {
    const send = vi.fn(async () => null)
    render(<Field send={send} />)
    await act(async () => fireEvent.click(button()))
    expect(button().hasAttribute('disabled')).toBe(false)
    expect(button().textContent).toBe('Send code')
  })

  it('keeps what is typed', () => {
    render(<Field send={async () => 1} />)
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: '123456' } })
    expect((screen.getByLabelText(/Code/) as HTMLInputElement).value).toBe('123456')
  })
})
