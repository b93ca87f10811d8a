declare global {
  namespace Cloudflare {
    interface Env {
      SESSION_SECRET?: string;
      PASSWORD_PEPPERS?: string;
      TEST_MIGRATIONS: { name: string; queries: string[] }[];
      TEST_DIRECTORY_MIGRATIONS: { name: string; queries: string[] }[];
      FUZZ_SEED: string;
      FUZZ_RUNS: string;
      FUZZ_BUDGET_S: string;
    }
  }
}

export {};
