import net from 'node:net';

/**
 * Just enough of an SMTP server to receive messages in plain text; with `keep: false` it accepts
 * them without keeping them (the bench's thousands). It offers PIPELINING, as Postfix and most
 * servers do: it reads commands that arrive together one after the other.
 */
export async function startSmtpSink({ keep = true }: { keep?: boolean } = {}) {
  const received: string[] = [];
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      // The replies to commands that arrived together leave together, as RFC 2920 asks: one
      // write each would wait for the client's acknowledgement of the one before (Nagle).
      let replies = '';
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) break;
          if (keep) received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          replies += '250 queued\r\n';
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) break;
        const line = buffer.slice(0, lineEnd).toUpperCase();
        buffer = buffer.slice(lineEnd + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO'))
          replies += '250-sink\r\n250 PIPELINING\r\n';
        else if (line.startsWith('DATA')) {
          inData = true;
          replies += '354 go on\r\n';
        } else if (line.startsWith('QUIT')) {
          socket.end(`${replies}221 bye\r\n`);
          return;
        } else replies += '250 ok\r\n';
      }
      if (replies) socket.write(replies);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  // A pooled client keeps its connections open: close them, or the server never closes.
  const close = () =>
    new Promise((resolve) => {
      server.close(resolve);
      for (const socket of open) socket.destroy();
    });
  return { port, received, close };
}
