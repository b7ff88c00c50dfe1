import type { Config } from '../../config.js';
import type { PaymentProvider } from './provider.js';
import { testProvider } from './test-provider.js';

/** The configured provider: the built-in test provider (the only one built so far). */
export function paymentProvider(config: Config): PaymentProvider {
  return testProvider(`webhook:${config.jwtSecret}`);
}
