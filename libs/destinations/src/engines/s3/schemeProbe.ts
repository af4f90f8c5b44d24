import net from 'node:net';
import tls from 'node:tls';

export type Scheme = 'http' | 'https';

function tcpConnect(address: string, port: number, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error(`connect ETIMEDOUT ${port}`), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    });
  });
}

/** Whether the server on `socket` completes a TLS handshake (any certificate: this only asks "TLS or not"). */
function speaksTls(socket: net.Socket, servername: string | undefined, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const secure = tls.connect({ socket, servername, rejectUnauthorized: false });
    const done = (answer: boolean) => {
      clearTimeout(timer);
      secure.destroy();
      socket.destroy();
      resolve(answer);
    };
    // A plain HTTP server answers a ClientHello at once with an error page or a reset; a TLS
    // server that stays silent is still a TLS server, and keeps the secret of the connection.
    const timer = setTimeout(() => done(true), timeoutMs);
    secure.once('secureConnect', () => done(true));
    secure.once('error', () => done(false));
    secure.once('close', () => done(false));
  });
}

/**
 * Connects to the approved address once, before any request, and tells how to speak to it: port
 * 443 is HTTPS and 80 plain HTTP; on any other port, HTTPS when the server completes a TLS
 * handshake (MinIO and friends run either way there). Throws the socket's error when nothing
 * answers, so connect can try the host's next address.
 */
export async function probeScheme(address: string, port: number, host: string, timeoutMs: number): Promise<Scheme> {
  const socket = await tcpConnect(address, port, timeoutMs);
  if (port === 443 || port === 80) {
    socket.destroy();
    return port === 443 ? 'https' : 'http';
  }
  // SNI must be a name, never an IP address (RFC 6066).
  return (await speaksTls(socket, net.isIP(host) ? undefined : host, timeoutMs)) ? 'https' : 'http';
}
