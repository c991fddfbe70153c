// The service's outbound WebSocket: the IDE event bridge's connection, adapted to the socket the bridge expects.
export { connectWsBridgeSocket } from './ws-bridge-socket';
