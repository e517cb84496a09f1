// One product instance for the whole run; tests read its address from SQ_BASE_URL (see support/test.ts).
import type { FullConfig } from '@playwright/test';
import { startProduct } from './product';

export default async function globalSetup(_config: FullConfig) {
  const product = await startProduct();
  process.env.SQ_BASE_URL = product.baseURL;
  if (product.demoLink) process.env.SQ_DEMO_LINK = product.demoLink;
  // The dev sign-on prints its admin login: "dev sign-on admin login: <email> / <password>".
  const login = /dev sign-on admin login: (\S+) \/ (\S+)/.exec(product.output());
  if (login) {
    process.env.SQ_ADMIN_EMAIL = login[1];
    process.env.SQ_ADMIN_PASSWORD = login[2];
  }
  // Returned function = global teardown.
  return async () => {
    await product.stop();
  };
}
