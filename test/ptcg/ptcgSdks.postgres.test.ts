import { describeSdks } from './ptcgSdksSuite.js';

await describeSdks('postgres');
