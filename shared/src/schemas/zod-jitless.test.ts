describe('zod-jitless', () => {
  it('turns on zod’s jitless setting, as zod’s own config() reads it', async () => {
    // In a fresh module registry: zod loaded after the setting, as on the standalone page.
    await jest.isolateModulesAsync(async () => {
      delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
      await import('./zod-jitless');
      const { config } = await import('zod');
      expect(config().jitless).toBe(true);
    });
  });

  it('keeps what zod was configured with before it ran', async () => {
    await jest.isolateModulesAsync(async () => {
      delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
      const { config } = await import('zod');
      config({ customError: () => 'custom' });
      await import('./zod-jitless');
      expect(config().jitless).toBe(true);
      expect(config().customError?.({} as never)).toBe('custom');
    });
  });
});
