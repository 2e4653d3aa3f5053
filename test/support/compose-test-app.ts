import { composeTestAppsWith } from '@shipledger/testing';
import type { ApiAppOptions } from '../../apps/api/src/create-api-app';

/** Registers the apps' composition for startTestApp; loaded on first use, so unit suites never load the app. */
composeTestAppsWith(async () => {
  const [{ createApiApp }, { followerLag, parkedEventCount }, { allProjectors, allReactors }] = await Promise.all([
    import('../../apps/api/src/create-api-app'),
    import('../../apps/api/src/follower-lag'),
    import('../../apps/worker/src/registry'),
  ]);
  return {
    createApiApp: (options) => createApiApp(options as unknown as ApiAppOptions),
    followerLag,
    parkedEventCount,
    allProjectors,
    allReactors,
  };
});
