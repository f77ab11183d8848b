import { randomBytes } from 'node:crypto';
import net from 'node:net';

/**
 * A minimal WebSocket client on a raw TCP socket: the handshake, one masked text frame out, and
 * unmasked text frames in. Ten thousand `ws` clients in one process would spend more CPU than the
 * server under test; this one hands whole chunks of frames to the caller, so the client side stays
 * cheap and the measurement is of the server.
 */
export type FrameHandler = (payload: Buffer, start: number, end: number, receivedAtMs: number) => void;

const OPCODE_TEXT = 0x1;
const OPCODE_CLOSE = 0x8;

export class RawClient {
  private readonly socket: net.Socket;
  private pending: Buffer | null = null;
  private upgraded = false;
  closed = false;

  private constructor(socket: net.Socket, onFrame: FrameHandler, now: () => number) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => this.onData(chunk, onFrame, now));
    socket.on('close', () => {
      this.closed = true;
    });
    socket.on('error', () => {
      this.closed = true;
    });
  }

  static connect(port: number, onFrame: FrameHandler, now: () => number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
      const client = new RawClient(socket, onFrame, now);
      socket.once('error', reject);
      socket.once('connect', () => {
        const key = randomBytes(16).toString('base64');
        socket.write(
          `GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
            `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${key}\r\n\r\n`,
        );
        resolve(client);
      });
    });
  }

  /** Sends a text frame, masked as a client must (a zero key: the payload goes as it is). */
  sendText(text: string): void {
    const payload = Buffer.from(text);
    if (payload.length >= 126) throw new Error('bench client frames are short');
    const header = Buffer.from([0x80 | OPCODE_TEXT, 0x80 | payload.length, 0, 0, 0, 0]);
    this.socket.write(Buffer.concat([header, payload]));
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer, onFrame: FrameHandler, now: () => number): void {
    let data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    if (!this.upgraded) {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) {
        this.pending = data;
        return;
      }
      if (!data.subarray(0, 12).toString('latin1').startsWith('HTTP/1.1 101')) {
        this.socket.destroy();
        return;
      }
      this.upgraded = true;
      data = data.subarray(end + 4);
    }
    const receivedAtMs = now();
    let offset = 0;
    while (offset + 2 <= data.length) {
      const opcode = (data[offset] as number) & 0x0f;
      let length = (data[offset + 1] as number) & 0x7f;
      let headerBytes = 2;
      if (length === 126) {
        if (offset + 4 > data.length) break;
        length = data.readUInt16BE(offset + 2);
        headerBytes = 4;
      } else if (length === 127) {
        if (offset + 10 > data.length) break;
        length = Number(data.readBigUInt64BE(offset + 2));
        headerBytes = 10;
      }
      const start = offset + headerBytes;
      if (start + length > data.length) break;
      if (opcode === OPCODE_TEXT) onFrame(data, start, start + length, receivedAtMs);
      else if (opcode === OPCODE_CLOSE) this.socket.destroy();
      offset = start + length;
    }
    if (offset < data.length) this.pending = Buffer.from(data.subarray(offset));
  }
}
