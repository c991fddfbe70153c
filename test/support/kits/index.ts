// Test kits: tiny actors, one-node runs and local servers for the tests. Excluded from the build.
export { testActors, testCatalogue, testRun, collector } from './test-actors';
export { createTestCatalogue, readIdeFixture, camelNode, camelConnection, camelGraph, ideWorkflow } from './ide-test-kit';
export { type PortPacket, NODE_ID, runNode, singleNodeGraph } from '../../../server/actor-sdk';
export { type TestServer, listenOnLoopback } from './test-server';
export { type Flow, type FlowRun, runFlow } from './run-flow';
