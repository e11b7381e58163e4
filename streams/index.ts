/**
 * The pure core: events, codecs, projections, selectors, effects, ports, recorder, replay.
 * No DOM, SDK or React.
 */
export * from './core/assert-never'
export * from './core/envelope'
export * from './core/of-type'
export * from './core/projection'
export * from './core/store'
export * from './core/pmap'
export * from './core/pvec'
export type * from './events'
export { decodeChannelText, decodeChannelMessage, MISMATCHED } from './codecs/channel'
export { decodePeerText, encodePeerMessage, PeerParamsError } from './codecs/peer'
export * from './projections'
export { stateFromJson } from './projections/codec'
export * from './effects'
export * from './ports'
export * from './recorder/recorder'
export * from './recorder/format'
export * from './recorder/redact'
export * from './replay'
export * from './wire/join-form'
export * from './selectors'
