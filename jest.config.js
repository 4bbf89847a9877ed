export default {
  // A project's own testTimeout is not applied when jest runs the projects from here; servers
  // starting on MariaDB (all migrations) need more than the 5 s default in their beforeAll hooks.
  testTimeout: 30_000,
  projects: [
    '<rootDir>/shared/jest.config.js',
    '<rootDir>/server/jest.config.js',
    '<rootDir>/desktop/jest.renderer.config.js',
    '<rootDir>/desktop/jest.main.config.js',
  ],
};
