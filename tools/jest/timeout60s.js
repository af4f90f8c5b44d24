// Integration tests talk to real servers: allow a minute per test (testTimeout is global-only in jest).
jest.setTimeout(60_000);
