import type { Chain } from "@tronode/chain";
import { createEventPublisher, type EventPublisher } from "./event-publisher.js";
import type { EventSubscriptionConfig } from "./event-subscription-config.js";

/**
 * java-tron's event subscription on a chain: binds the ZeroMQ publisher (`zeromq` must be
 * installed) and publishes every trigger the config asks for until the chain stops. Undefined when
 * the config does not use the native queue (java-tron's plugins are not supported).
 */
export async function publishEvents(
  chain: Chain,
  config: EventSubscriptionConfig,
): Promise<EventPublisher | undefined> {
  const publisher = await createEventPublisher({ chain: chain.service, config, logger: chain.logger });
  if (publisher) chain.onStop(() => publisher.close(), "after-production");
  return publisher;
}
