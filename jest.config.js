export default {
  // A project's own testTimeout is not applied when jest runs the projects from here; servers
  // starting on MariaDB (all migrations) need more than the 5 s default in their beforeAll hooks.
  testTimeout: 30_000,
  // ESM test files (--experimental-vm-modules) each load their own copy of the server's modules,
  // which the VM does not free: run them in a worker (even a single one, on two cores) that is
  // replaced once it holds more than this after a file, instead of one process growing to its
  // heap's limit.
  workerIdleMemoryLimit: '2GB',
  projects: [
    '<rootDir>/shared/jest.config.js',
    '<rootDir>/server/jest.config.js',
    '<rootDir>/desktop/jest.renderer.config.js',
    '<rootDir>/desktop/jest.main.config.js',
  ],
};
