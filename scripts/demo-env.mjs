// The environment `npm start` gives the server (docs/decisions/0012, 0037). The quick start is a self-contained
// demo: e-mails and SMS land in the development mailbox (/dev/mailbox) and social login goes through the
// built-in identity provider. Those dev routes must not be one careless deploy away from the internet, so the
// demo listens on 127.0.0.1 unless HOST says otherwise and every page wears a "demo" ribbon (DEMO).
// `--production` leaves everything to the environment, and the server then refuses dev routes and an http
// PUBLIC_URL. Variables already set win over these defaults.
export function serverEnv(argv, env) {
  const demo = argv.includes('--production')
    ? {}
    : {
        DEMO: 'true',
        DEV_MAILBOX: 'true',
        DEV_OIDC_PROVIDER: 'true',
        HOST: '127.0.0.1',
        QUESTS_ENABLED: 'true',
        LOYALTY_ENABLED: 'true',
      };
  return { NODE_ENV: 'production', ...demo, ...env };
}
