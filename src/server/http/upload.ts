import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { extname } from 'node:path'
import type { FileStore } from '../store/files'
import { TooBig } from '../store/files'
import { ApiFailure } from './errors'

export interface Upload {
  readonly fields: Record<string, string>
  readonly name: string
  readonly type: string
  readonly contentType: string
  readonly key: string
  readonly size: number
}

/**
 * Reads a multipart upload: the text fields first (so `check` can refuse before any byte is
 * stored), then one file in field `file`, streamed into the store with the size limit.
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: FileStore,
  maxBytes: number,
  check: (fields: Record<string, string>) => Promise<void>,
): Promise<Upload> {
  const fields: Record<string, string> = {}
  let file: MultipartFile | undefined
  let stored: { key: string; size: number } | undefined
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value)
      continue
    }
    if (part.fieldname !== 'file' || stored) {
      part.file.resume()
      continue
    }
    await check(fields)
    file = part
    try {
      stored = await store.save(part.file, maxBytes)
    } catch (error) {
      if (error instanceof TooBig)
        throw new ApiFailure(1701, error.message, { status: 413, field: 'file', reason: 'tooBig' })
      throw error
    }
  }
  if (!file || !stored)
    throw new ApiFailure(400, "params: file can't be empty", {
      status: 400,
      field: 'file',
      reason: 'empty',
    })
  const name = file.filename.replace(/[\\/\0]/g, '_').slice(0, 200) || 'file'
  const type = extname(name).slice(1).toLowerCase().slice(0, 16)
  const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(file.mimetype)
    ? file.mimetype
    : 'application/octet-stream'
  return { fields, name, type, contentType, ...stored }
}
