export { attachWsGateway, type WsGateway } from './ws-gateway';
