import type { AgoraRecordingSettings } from '../../../src/server/agora/cloud-recording-settings'

/** A well-formed Agora project the tests run as (its App ID and certificate are made up). */
export const APP_ID = '970CA35de60c44645bbae8a215061b33'
export const CERTIFICATE = '5CFd2fd1755d40ecb72977518be15d3b'
/** The server settings of Agora mode with that project. */
export const agoraApp = { agoraAppId: APP_ID, agoraAppCertificate: CERTIFICATE } as const

/**
 * Cloud recording's settings against the REST double at `restUrl`: Amazon S3 storage, files
 * played from the bucket, and a 30 s watch that never fires during a test (the tests call it).
 */
export const recordingSettings = (
  restUrl: string,
  extra: Partial<AgoraRecordingSettings> = {},
): AgoraRecordingSettings => ({
  restUrl,
  customerId: 'cust',
  customerSecret: 'secret',
  vendor: '1',
  region: '0',
  bucket: 'my-bucket',
  accessKey: 'AKIA-TEST',
  secretKey: 'S3-SECRET',
  playbackUrl: 'https://my-bucket.s3.amazonaws.com/{file}',
  queryMs: 600_000,
  ...extra,
})
