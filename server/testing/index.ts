// Test kits: tiny actors, one-node runs and local servers for the tests. Excluded from the build.
export { testActors, testCatalogue, testRun, collector } from './test-actors';
export { createTestCatalogue, readIdeFixture, camelNode, camelConnection, camelGraph, ideWorkflow } from './ide-test-kit';
