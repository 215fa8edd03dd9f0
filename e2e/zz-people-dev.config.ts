// Temporary (not for commit): runs the people spec against an already started system.
import base from './playwright.config';
export default { ...base, globalSetup: undefined, use: { ...base.use, baseURL: process.env.BASE_URL } };
