/**
 * The package's version, as `GET /__mock/health` reports it. Read from package.json at build time
 * (tsup inlines the JSON), and from the file itself when the sources run (tsx, vitest), so it is
 * never a second copy to keep in step.
 */
import packageJson from '../../package.json' with { type: 'json' };

/** The version of `@msgsvc/mock-server` this server is. */
export const MOCK_VERSION: string = packageJson.version;
