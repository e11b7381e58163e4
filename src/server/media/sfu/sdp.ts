/** One media section of an SDP offer, as much as the permission check needs. */
export interface OfferedMedia {
  readonly kind: 'audio' | 'video' | 'application' | 'other'
  readonly mid: string | undefined
  /** Whether it would send media to Janus (port not 0, direction sendonly or sendrecv). */
  readonly sends: boolean
  readonly simulcast: boolean
}

/**
 * The media sections of a browser's offer. Anything that is not an SDP with at least one media
 * section is refused by the caller before it reaches Janus.
 */
export function offeredMedia(sdp: string): OfferedMedia[] | undefined {
  if (!sdp.startsWith('v=0')) return undefined
  const sections = sdp.split(/\r?\n(?=m=)/).slice(1)
  if (sections.length === 0) return undefined
  return sections.map((section) => {
    const lines = section.split(/\r?\n/)
    const [, kindText = '', port = '0'] = /^m=(\w+) (\d+)/.exec(lines[0] ?? '') ?? []
    const kind =
      kindText === 'audio' || kindText === 'video' || kindText === 'application'
        ? kindText
        : 'other'
    const attribute = (name: string) => lines.find((l) => l.startsWith(`a=${name}`))
    const direction = ['sendrecv', 'sendonly', 'recvonly', 'inactive'].find((d) =>
      lines.includes(`a=${d}`),
    )
    return {
      kind,
      mid: attribute('mid:')?.slice('a=mid:'.length).trim(),
      sends:
        port !== '0' &&
        (direction === undefined || direction === 'sendrecv' || direction === 'sendonly'),
      simulcast: attribute('simulcast:') !== undefined,
    }
  })
}
