/** A push made ready once for every subscriber: its JSON text and the WebSocket frame around it. */
export type PreparedPush = {
  /** The UTF-8 text, for sockets that must go through ws's own send. */
  payload: Buffer;
  /** The whole unmasked text frame, written as-is to each subscriber's TCP socket. */
  frame: Buffer;
};

const FIN_TEXT = 0x81;
const LENGTH_16_BITS = 126;
const LENGTH_64_BITS = 127;

/** A complete unmasked WebSocket text frame (RFC 6455 section 5.2), as a server sends it. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerBytes = length < LENGTH_16_BITS ? 2 : length <= 0xffff ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerBytes + length);
  frame[0] = FIN_TEXT;
  if (headerBytes === 2) {
    frame[1] = length;
  } else if (headerBytes === 4) {
    frame[1] = LENGTH_16_BITS;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = LENGTH_64_BITS;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerBytes);
  return frame;
}

export function preparePush(text: string): PreparedPush {
  const payload = Buffer.from(text);
  return { payload, frame: textFrame(payload) };
}
