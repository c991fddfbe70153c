import { MAX_SOURCE_LABELS, ServiceMetrics } from './service-metrics';

describe('ServiceMetrics', () => {
  it('gives the first sources a label each and counts later new ones as other, so client-named sources stay few', async () => {
    const metrics = new ServiceMetrics();
    for (let i = 0; i < MAX_SOURCE_LABELS + 5; i += 1) metrics.executionFinished('completed', `source-${i}`, 10);
    metrics.executionFinished('completed', 'source-0', 10);
    const text = await metrics.render();
    expect(text).toContain('workflow_executions_total{status="completed",source="source-0"} 2');
    expect(text).toContain(`workflow_executions_total{status="completed",source="source-${MAX_SOURCE_LABELS - 1}"} 1`);
    expect(text).not.toContain(`source="source-${MAX_SOURCE_LABELS}"`);
    expect(text).toContain('workflow_executions_total{status="completed",source="other"} 5');
  });

  it('reads the load and the subscribers at each scrape', async () => {
    const metrics = new ServiceMetrics();
    let running = 2;
    metrics.observeLoad(() => ({ queued: 7, running }));
    metrics.observeSubscribers(() => ({ websocket: 3, sse: 1 }));
    expect(await metrics.render()).toContain('workflow_executions_running 2');
    running = 0;
    const text = await metrics.render();
    expect(text).toContain('workflow_executions_running 0');
    expect(text).toContain('workflow_executions_queued 7');
    expect(text).toContain('workflow_event_subscribers{transport="websocket"} 3');
  });
});
