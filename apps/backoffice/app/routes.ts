import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// Paths are under the app's basename, /backoffice (react-router.config.ts).
export default [
  route('sign-in', 'routes/sign-in.tsx'),
  // The shell loads the signed-in staff member first; without one it sends to sign-in.
  layout('routes/shell.tsx', [
    index('routes/dashboard.tsx'),
    route('players', 'routes/players.tsx'),
    route('players/:id', 'routes/player.tsx'),
    route('withdrawals', 'routes/withdrawals.tsx'),
    route('kyc', 'routes/kyc.tsx'),
    route('flags', 'routes/flags.tsx'),
    route('interactions', 'routes/interactions.tsx'),
    route('adjustments', 'routes/adjustments.tsx'),
    route('reports', 'routes/reports.tsx'),
    route('rounds/:roundId', 'routes/round.tsx'),
    route('games', 'routes/games.tsx'),
    route('games/collections', 'routes/game-collections.tsx'),
    route('bonuses', 'routes/bonuses.tsx'),
    route('bonuses/codes', 'routes/bonuses-codes.tsx'),
    route('bonuses/packages', 'routes/bonuses-packages.tsx'),
    route('audit', 'routes/audit.tsx'),
    route('settings', 'routes/settings.tsx'),
    route('site-settings', 'routes/site-settings.tsx'),
    route('content', 'routes/content.tsx'),
    route('content/:locale/pages/new', 'routes/content-new.tsx'),
    route('content/:locale/pages/:folder/:identity', 'routes/content-page.tsx'),
    route('retention', 'routes/retention.tsx'),
    route('retention/:kind/:id', 'routes/retention-edit.tsx'),
    route('staff', 'routes/staff.tsx'),
    route('password', 'routes/password.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
