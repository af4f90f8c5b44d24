// End-to-end tests start whole processes: allow three minutes per test.
jest.setTimeout(180_000);
