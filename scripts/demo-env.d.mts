export function serverEnv(argv: string[], env: Record<string, string | undefined>): Record<string, string | undefined>;
