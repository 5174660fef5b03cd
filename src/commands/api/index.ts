export { newApiCmd, apiRun, type ApiOptions } from './request.js';
