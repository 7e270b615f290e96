/**
 * @tronode/events — java-tron's event subscription (`event.subscribe`): block, transaction,
 * contract-event, contract-log and solidity triggers published on a ZeroMQ queue in java-tron's
 * JSON, with its filters. `publishEvents(chain, config)` attaches it to a `@tronode/chain` chain.
 *
 * @packageDocumentation
 */

export { EVENTS_ERROR_CODES } from "./errors.js";
export { createEventPublisher, type EventPublisher } from "./event-publisher.js";
export {
  allTriggersSubscription,
  type EventFilterConfig,
  type EventSubscriptionConfig,
  eventSubscriptionOf,
  TRIGGER_NAMES,
  type TriggerName,
  type TriggerSettings,
} from "./event-subscription-config.js";
export { publishEvents } from "./publish-events.js";
