import type { Recording } from '@streams/wire/rest/recording'
import type { AgoraRecordingSettings } from '../agora/cloud-recording-settings'
import { RecordingStatus, type RecordingRow } from '../store/broadcast'
import { cloudFilesOf } from '../store/cloud-recordings'

type RecordingFile = Recording['files'][number]

/** Where a recording this server saved plays and downloads (`?download=1`), with ranges. */
export const recordingVideoUrl = (appId: string, recordingId: string) =>
  `/api/s1/serve/${encodeURIComponent(appId)}/v1/recording/${recordingId}/video`

/**
 * A stored file's key in the bucket: the name as the recorder reported it, under the prefix
 * folders unless the name already carries them.
 */
export function bucketKey(name: string, prefix: string | undefined): string {
  const folders = (prefix ?? '').split('/').filter((p) => p !== '')
  const under = folders.join('/')
  if (under === '' || name.startsWith(`${under}/`)) return name
  return `${under}/${name}`
}

const contentTypeOf = (name: string) =>
  name.toLowerCase().endsWith('.m3u8')
    ? 'application/vnd.apple.mpegurl'
    : name.toLowerCase().endsWith('.mp4')
      ? 'video/mp4'
      : 'application/octet-stream'

/** A file Agora's recorder stored, at the storage's public URL (AGORA_RECORDING_PLAYBACK_URL). */
export function cloudFileOf(name: string, settings: AgoraRecordingSettings): RecordingFile {
  const key = bucketKey(name, settings.prefix)
  const template = settings.playbackUrl ?? '{file}'
  return {
    fileId: key,
    url: template.replace('{file}', key.split('/').map(encodeURIComponent).join('/')),
    size: 0,
    contentType: contentTypeOf(name),
  }
}

/**
 * The files of a recording as the lists show them, whichever engine made it: this server's MP4,
 * or the files Agora's recorder stored (MP4 first); none until it is saved.
 */
export function recordingFilesOf(
  row: RecordingRow,
  appId: string,
  agora: AgoraRecordingSettings,
): RecordingFile[] {
  if (Number(row.status) !== RecordingStatus.saved) return []
  if (row.engine === 'agora') return cloudFilesOf(row).map((name) => cloudFileOf(name, agora))
  return [
    {
      fileId: row.recording_id,
      url: recordingVideoUrl(appId, row.recording_id),
      size: Number(row.size ?? 0),
      contentType: 'video/mp4',
    },
  ]
}
