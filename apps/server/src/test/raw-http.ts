import net from 'node:net';
import type { App } from '../app';

/** Starts the app on a free local port, for tests that need a real socket. */
export async function listenLocally(app: App): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as net.AddressInfo).port;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses what the server wrote before closing the connection (one response, not chunked). */
export function parseRawResponse(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`no complete response in ${JSON.stringify(text)}`);
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) };
}

/**
 * Sends raw bytes, as a careless or hostile client would, and resolves with the response once
 * the server closes the connection. `drip` then sends one more byte every `everyMs` until the
 * server answers, as a client that trickles its body does.
 */
export function sendRaw(
  port: number,
  bytes: string,
  drip?: { byte: string; everyMs: number },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let dripping: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      socket.write(bytes);
      if (drip) {
        dripping = setInterval(() => {
          if (socket.writable) socket.write(drip.byte);
        }, drip.everyMs);
      }
    });
    socket.on('data', (chunk: string) => (received += chunk));
    // The server may reset the connection after its answer: what arrived is what counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(dripping);
      try {
        resolve(parseRawResponse(received));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}
