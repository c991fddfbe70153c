export { attachWsGateway, type WsGateway, type WsGatewayOptions } from './ws-gateway';
export { SLOW_CONSUMER_CLOSE_CODE } from './ws-session';
