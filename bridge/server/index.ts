export { BridgeServer, DEFAULT_STATIC_DIR, type BridgeServerOptions } from './bridgeServer.ts';
export type { DeviceConnection, DeviceKind, DevicePeer } from './deviceRegistry.ts';
export { StudioHub, type StudioBackend } from './studioHub.ts';
export { CloseCode, WsTransport, type WsTransportOptions } from './wsTransport.ts';
export { HTML_CSP } from './staticFiles.ts';
