export default {
  projects: [
    '<rootDir>/shared/jest.config.js',
    '<rootDir>/server/jest.config.js',
    '<rootDir>/desktop/jest.renderer.config.js',
    '<rootDir>/desktop/jest.main.config.js',
  ],
};
