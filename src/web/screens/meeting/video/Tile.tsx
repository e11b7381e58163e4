/**
 * The tile the video area renders. The media engineer points this at the media layer's video
 * tile (same props, TileProps) when it exists; until then members show as avatars.
 */
export { AvatarTile as Tile, type TileProps } from './AvatarTile'
