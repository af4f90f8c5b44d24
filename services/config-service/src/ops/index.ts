export { catalogQueues, closeQueues } from './catalogQueues';
export { opsEnv, type OpsEnvConfig } from './opsEnv';
export { OpsRoles, type OpsRole } from './opsRoles';
export { OPS_BASE, opsRouter, type OpsDashboard } from './opsRouter';
