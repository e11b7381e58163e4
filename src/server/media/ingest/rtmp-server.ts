import { createServer, type Server, type Socket } from 'node:net'
import {
  RtmpConnection,
  type PublishDecision,
  type PublishRequest,
  type RtmpLog,
} from './rtmp-conn'

/**
 * The RTMP ingest: a TCP listener (RTMP_PORT, 1935 by default) taking encoders' publishes
 * (`rtmp://host:port/live/{stream key}`). Each publish is checked by `authorize` before any
 * media is taken; what is accepted goes to the sink it answers.
 */
export class RtmpIngest {
  private constructor(
    private readonly server: Server,
    private readonly connections: Set<RtmpConnection>,
    readonly port: number,
  ) {}

  static async listen(
    host: string,
    port: number,
    authorize: (request: PublishRequest) => Promise<PublishDecision>,
    log: RtmpLog,
  ): Promise<RtmpIngest> {
    const connections = new Set<RtmpConnection>()
    const server = createServer((socket: Socket) => {
      const connection = new RtmpConnection(socket, authorize, log)
      connections.add(connection)
      socket.once('close', () => connections.delete(connection))
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    return new RtmpIngest(server, connections, (server.address() as { port: number }).port)
  }

  async close(): Promise<void> {
    for (const connection of this.connections) connection.close('the server stops')
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}
