/** Workload levels run from 0 (Available) to 3 (Seriously busy). Kept free of zod for the browser. */
export const WORKLOAD_MIN = 0;
export const WORKLOAD_MAX = 3;
