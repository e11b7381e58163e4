// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { VirtualList } from '../../../src/web/ui/VirtualList'

const items = Array.from({ length: 10_000 }, (_, i) => `Member ${String(i).padStart(5, '0')}`)

afterEach(cleanup)

describe('virtual list', () => {
  it('renders only the rows in view of 10,000, and the right ones after a scroll', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })
    const onEndReached = vi.fn()
    render(
      <VirtualList
        items={items}
        rowHeight={40}
        label="Members"
        getKey={(s) => s}
        renderRow={(s) => <span>{s}</span>}
        onEndReached={onEndReached}
      />,
    )
    const list = screen.getByRole('list', { name: 'Members' })
    expect(screen.getAllByRole('listitem').length).toBeLessThan(30)
    expect(screen.getByText('Member 00000')).toBeTruthy()
    expect(screen.getAllByRole('listitem')[0]?.getAttribute('aria-setsize')).toBe('10000')

    list.scrollTop = 40 * 9_990
    fireEvent.scroll(list)
    await act(async () => vi.advanceTimersToNextFrame())
    expect(screen.getByText('Member 09999')).toBeTruthy()
    expect(screen.queryByText('Member 00000')).toBeNull()
    expect(screen.getAllByRole('listitem').length).toBeLessThan(30)
    expect(onEndReached).toHaveBeenCalled()
    vi.useRealTimers()
  })
})
