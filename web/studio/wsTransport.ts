/**
 * A browser WebSocket as the protocol's `Transport`. Text sent before the socket opens is
 * queued (the hello goes out as soon as the peer exists); a socket that never opens reports
 * a close like any other.
 */
import type { Transport } from '../../bridge/protocol/rpc.ts';

export function webSocketTransport(ws: WebSocket): Transport {
  const queue: string[] = [];
  let onClose: (reason: string) => void = () => {};
  let closed = false;
  const reportClose = (reason: string) => {
    if (closed) return;
    closed = true;
    onClose(reason);
  };
  ws.addEventListener('open', () => {
    for (const text of queue.splice(0)) ws.send(text);
  });
  ws.addEventListener('close', (e) => reportClose(e.reason || closeCodeReason(e.code)));
  // An error is always followed by a close; the close carries the report.
  return {
    send(text) {
      if (ws.readyState === WebSocket.CONNECTING) queue.push(text);
      else if (ws.readyState === WebSocket.OPEN) ws.send(text);
      else throw new Error('the socket is closed');
    },
    close(code, reason) {
      ws.close(code, reason);
      reportClose(reason ?? 'closed');
    },
    onMessage(cb) {
      ws.addEventListener('message', (e) => cb(e.data as string));
    },
    onClose(cb) {
      onClose = cb;
    },
  };
}

function closeCodeReason(code: number): string {
  switch (code) {
    case 1000: return 'closed';
    case 1001: return 'the bridge went away';
    case 1006: return 'no connection to the bridge';
    case 1008: return 'refused by the bridge (policy)';
    case 1009: return 'message too large';
    case 1011: return 'the bridge hit an internal error';
    default: return `closed (code ${code})`;
  }
}

/** The studio socket URL for this page: same host, the page's token. */
export function studioSocketUrl(loc: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}/ws/studio?token=${encodeURIComponent(token)}`;
}
