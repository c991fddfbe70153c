import { defaultResource, detectResources, envDetector, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/**
 * The resource the service's spans carry: the SDK's attributes, then the service's name, then what
 * `OTEL_RESOURCE_ATTRIBUTES` and `OTEL_SERVICE_NAME` say, which win.
 */
export function serviceResource(serviceName: string): Resource {
  return defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }))
    .merge(detectResources({ detectors: [envDetector] }));
}
